import { Tooltip, type TooltipProps } from '@mantine/core';
import { useEffect, type RefObject } from 'react';

/** The real tooltip, loaded on first use by DeferredTooltip; gives the focus back to its target. */
export function LoadedTooltip({ host, refocus, ...props }: TooltipProps & { host: RefObject<HTMLSpanElement | null>; refocus: boolean }) {
  // On mount only: the target was focused from the keyboard and has just been replaced.
  useEffect(() => {
    if (refocus) host.current?.querySelector<HTMLElement>('a, button, input, [tabindex]')?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return <Tooltip {...props} />;
}
