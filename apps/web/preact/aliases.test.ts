// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scrollAreaRefs } from './aliases.ts';

describe('the build\'s resolutions', () => {
  it('is resolved for ScrollArea alone; popovers keep floating-ui', () => {
    const resolve = scrollAreaRefs().resolveId as (source: string, importer?: string) => string | null;
    expect(resolve('@floating-ui/react', '/x/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')).toMatch(/merge-refs\.ts$/);
    expect(resolve('@floating-ui/react', '/x/@mantine/core/esm/components/Popover/use-popover.mjs')).toBeNull();
    expect(resolve('@floating-ui/react-dom', '/x/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')).toBeNull();
  });
});
