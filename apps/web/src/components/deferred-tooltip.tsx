import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';

// Mantine's tooltip brings its floating positioning, about 10 KB of gzipped JavaScript that the
// first page of a visit does not need until a pointer rests on a control or the keyboard reaches
// it (decision 029). Until then the control is shown alone. The real tooltip replaces it after the
// pointer has rested (a click in between must reach the control it started on), already open if
// the pointer is still there, or at once on a keyboard focus, which it keeps.
const load = () => import('./loaded-tooltip');
const LoadedTooltip = lazy(() => load().then((m) => ({ default: m.LoadedTooltip })));

const REST_MS = 250;
// Once one tooltip has loaded, tooltips shown later start as real ones.
let hasLoaded = false;

function isKeyboardFocus(target: EventTarget | null): boolean {
  try {
    return target instanceof Element && target.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** Mantine's `Tooltip`, loaded when first wanted; the wrapper takes no room (`display: contents`). */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const [wanted, setWanted] = useState<{ refocus: boolean } | null>(hasLoaded ? { refocus: false } : null);
  const host = useRef<HTMLSpanElement>(null);
  // Whether the pointer rests on the control now: read when the loaded tooltip mounts, which may be
  // a moment after it was wanted.
  const resting = useRef(false);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const onLeave = () => {
      resting.current = false;
    };
    el.addEventListener('pointerleave', onLeave);
    return () => el.removeEventListener('pointerleave', onLeave);
  }, []);

  useEffect(() => {
    const el = host.current;
    if (wanted || !el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const want = (refocus: boolean) => {
      hasLoaded = true;
      setWanted({ refocus });
    };
    const onOver = () => {
      void load();
      clearTimeout(timer);
      timer = setTimeout(() => {
        resting.current = true;
        want(false);
      }, REST_MS);
    };
    const onDownOrLeave = () => {
      clearTimeout(timer);
      resting.current = false;
    };
    const onFocus = (e: FocusEvent) => {
      if (isKeyboardFocus(e.target)) want(true);
    };
    el.addEventListener('pointerover', onOver);
    el.addEventListener('pointerdown', onDownOrLeave);
    el.addEventListener('pointerleave', onDownOrLeave);
    el.addEventListener('focusin', onFocus);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('pointerover', onOver);
      el.removeEventListener('pointerdown', onDownOrLeave);
      el.removeEventListener('pointerleave', onDownOrLeave);
      el.removeEventListener('focusin', onFocus);
    };
  }, [wanted]);

  return (
    <span ref={host} style={{ display: 'contents' }}>
      {wanted ? (
        <Suspense fallback={children}>
          <LoadedTooltip {...props} host={host} refocus={wanted.refocus} resting={resting}>
            {children}
          </LoadedTooltip>
        </Suspense>
      ) : (
        children
      )}
    </span>
  );
}
