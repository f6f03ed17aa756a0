import { lazy, Suspense, useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import { matchListenerPage } from '@app/shared';
import { AppLinkProvider, type AppLinkProps } from '../components/app-link';
import { PageLoader } from '../components/page-loader';
import { churchInQueryRedirect, mobileQueryRedirect } from './guard-rules';
import { MobileFrame } from './layouts/mobile-frame';
import { paths } from '../config/paths';

// The listener entry (listen.html) shows only `/joinlive`, `/sermon/join/:broadcastId` and a church's
// lobby `/l/:code` with its projector view (docs/decisions/019), without
// React Router: a path switch, the same guards (guard-rules.ts) and links that move between these two
// pages in place and load any other screen as a page of the main app (docs/decisions/018).

const JoinLiveMobilePage = lazy(() =>
  import('../features/live/listener/join-live-mobile-page').then((m) => ({ default: m.JoinLiveMobilePage })),
);
const LobbyPage = lazy(() => import('../features/live/lobby/lobby-page').then((m) => ({ default: m.LobbyPage })));
const ProjectorPage = lazy(() => import('../features/live/projector/projector-page').then((m) => ({ default: m.ProjectorPage })));
const SermonJoinPage = lazy(() => import('../features/live/listener/sermon-join-page').then((m) => ({ default: m.SermonJoinPage })));

const NAVIGATED = 'listener-navigated';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentHref = () => window.location.href;

/** A listener page of this origin, which this entry can show without loading a page. */
function isInEntry(url: URL): boolean {
  return url.origin === window.location.origin && matchListenerPage(url.pathname) !== null;
}

/** Goes to `to`: in place when this entry shows it, else as a page load of the main app. */
export function navigate(to: string, { replace = false } = {}) {
  const url = new URL(to, window.location.href);
  if (!isInEntry(url)) {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  if (replace) window.history.replaceState(null, '', url.href);
  else {
    window.history.pushState(null, '', url.href);
    window.scrollTo(0, 0);
  }
  window.dispatchEvent(new Event(NAVIGATED));
}

function ListenerLink({ href, onClick, ...rest }: AppLinkProps) {
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

/** Where the guards send a visitor of `url`, or null to show the page. */
function redirectFor(url: URL): string | null {
  const page = matchListenerPage(url.pathname);
  if (!page) return paths.signIn;
  // A church's join link is for anyone: no stored values needed (docs/decisions/019).
  if (page.page === 'lobby' || page.page === 'projector') return null;
  return page.page === 'joinLive' ? mobileQueryRedirect(url) : churchInQueryRedirect(url);
}

export function ListenerApp() {
  const url = new URL(useSyncExternalStore(subscribe, currentHref));
  const page = matchListenerPage(url.pathname);
  const redirectTo = redirectFor(url);

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  if (!page || redirectTo) return <PageLoader />;
  const churchId = url.searchParams.get('churchId');
  if (page.page === 'projector') {
    // The room's screen: no phone frame around it.
    return (
      <Suspense fallback={<PageLoader />}>
        <ProjectorPage code={page.code} languagesParam={url.searchParams.get('languages')} />
      </Suspense>
    );
  }
  return (
    <AppLinkProvider link={ListenerLink}>
      <MobileFrame>
        <Suspense fallback={<PageLoader />}>
          {page.page === 'joinLive' ? (
            <JoinLiveMobilePage churchId={churchId ?? ''} />
          ) : page.page === 'lobby' ? (
            <LobbyPage key={page.code} code={page.code} />
          ) : (
            <SermonJoinPage broadcastId={page.broadcastId} churchId={churchId} />
          )}
        </Suspense>
      </MobileFrame>
    </AppLinkProvider>
  );
}
