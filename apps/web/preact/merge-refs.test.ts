import { createElement, createRef } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMergeRefs } from './merge-refs.ts';

function Box({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  const ref = useMergeRefs(refs);
  return createElement('div', { ref, 'data-merged': String(ref !== null) });
}

describe("ScrollArea's ref hook in the build", () => {
  it('hands the element to every ref, object and callback, and lets go of it on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const seen: Array<HTMLDivElement | null> = [];
    const view = render(createElement(Box, { refs: [object, (node: HTMLDivElement | null) => void seen.push(node), undefined] }));
    expect(object.current).toBeInstanceOf(HTMLDivElement);
    expect(seen[0]).toBe(object.current);
    view.unmount();
    expect(object.current).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('is null when every ref is, as floating-ui’s is', () => {
    const view = render(createElement(Box, { refs: [undefined, null] }));
    expect(view.container.querySelector('div')?.dataset.merged).toBe('false');
  });

});
