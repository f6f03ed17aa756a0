import { Tooltip, type TooltipProps } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';

/**
 * The real tooltip, loaded on first use by DeferredTooltip: open from the start when the pointer
 * still rests on its control (as Mantine's own would be by now), and gives the focus back to its
 * target when the keyboard brought it.
 */
export function LoadedTooltip({
  host,
  refocus,
  resting,
  ...props
}: TooltipProps & { host: RefObject<HTMLSpanElement | null>; refocus: boolean; resting: RefObject<boolean> }) {
  const [openAtOnce] = useState(() => resting.current === true);
  // On mount only: the target was focused from the keyboard and has just been replaced.
  useEffect(() => {
    if (refocus) host.current?.querySelector<HTMLElement>('a, button, input, [tabindex]')?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return <Tooltip {...props} defaultOpened={openAtOnce || props.defaultOpened} />;
}
