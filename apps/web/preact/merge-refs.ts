import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react`: this one hook. Resolved for ScrollArea
 * alone (`scrollAreaRefs`), because a bundler places a whole module in one chunk: the shell's scrolling
 * menu would otherwise download all of floating-ui (about 13 KB gzipped), which only the lazy
 * popovers, selects and tooltips use (decision 029). Same contract: null when every ref is null.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  const merged = useMergedRef(...refs);
  return refs.every((ref) => ref == null) ? null : merged;
}
