import { useSyncExternalStore, type MouseEvent, type ReactElement } from 'react';
import type { AppLinkProps } from '../components/app-link';

// The listener entry (listen.html, docs/decisions/018) shows its few pages without a router: the
// address is the state, links between its own pages move in place and any other screen loads as a
// page of the main app.

const NAVIGATED = 'entry-navigated';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentHref = () => window.location.href;

export interface EntryNavigation {
  /** Goes to `to`: in place when this entry shows it, else as a page load of the main app. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** A link that moves in place to this entry's pages and loads any other one. */
  Link: (props: AppLinkProps) => ReactElement;
  /** The address shown, re-rendering on every move. */
  useUrl: () => URL;
}

/** Navigation for an entry that shows the paths `shows` accepts. */
export function entryNavigation(shows: (pathname: string) => boolean): EntryNavigation {
  const isInEntry = (url: URL) => url.origin === window.location.origin && shows(url.pathname);

  function navigate(to: string, { replace = false } = {}) {
    const url = new URL(to, window.location.href);
    if (!isInEntry(url)) {
      if (replace) window.location.replace(url.href);
      else window.location.assign(url.href);
      return;
    }
    // A new page starts at its top; a new query on the same page (the dashboard's filters) stays put.
    const isNewPage = url.pathname !== window.location.pathname;
    if (replace) window.history.replaceState(null, '', url.href);
    else window.history.pushState(null, '', url.href);
    if (isNewPage && !replace) window.scrollTo(0, 0);
    window.dispatchEvent(new Event(NAVIGATED));
  }

  function Link({ href, onClick, ...rest }: AppLinkProps) {
    const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      const plainClick = e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
      const ownWindow = !rest.target || rest.target === '_self';
      if (e.defaultPrevented || !plainClick || !ownWindow || !isInEntry(new URL(href, window.location.href))) return;
      e.preventDefault();
      navigate(href);
    };
    return <a href={href} onClick={handleClick} {...rest} />;
  }

  const useUrl = () => new URL(useSyncExternalStore(subscribe, currentHref));

  return { navigate, Link, useUrl };
}
