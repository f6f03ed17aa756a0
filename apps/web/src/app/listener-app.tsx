import { lazy, Suspense, useEffect } from 'react';
import { matchListenerPage } from '@app/shared';
import { AppLinkProvider } from '../components/app-link';
import { entryNavigation } from './entry-navigation';
import { PageLoader } from '../components/page-loader';
import { churchInQueryRedirect, mobileQueryRedirect } from './guard-rules';
import { MobileFrame } from './layouts/mobile-frame';
import { paths } from '../config/paths';

// The listener entry (listen.html) shows only `/joinlive`, `/sermon/join/:broadcastId` and a church's
// lobby `/l/:code` with its projector view (docs/decisions/019) and its OBS overlay `/overlay/:token`
// (decision 037), without
// React Router: a path switch, the same guards (guard-rules.ts) and links that move between these two
// pages in place and load any other screen as a page of the main app (docs/decisions/018).

const JoinLiveMobilePage = lazy(() =>
  import('../features/live/listener/join-live-mobile-page').then((m) => ({ default: m.JoinLiveMobilePage })),
);
const LobbyPage = lazy(() => import('../features/live/lobby/lobby-page').then((m) => ({ default: m.LobbyPage })));
const ProjectorPage = lazy(() => import('../features/live/projector/projector-page').then((m) => ({ default: m.ProjectorPage })));
const OverlayPage = lazy(() => import('../features/live/overlay/overlay-page').then((m) => ({ default: m.OverlayPage })));
const SermonJoinPage = lazy(() => import('../features/live/listener/sermon-join-page').then((m) => ({ default: m.SermonJoinPage })));

const { navigate, Link: ListenerLink, useUrl } = entryNavigation((pathname) => matchListenerPage(pathname) !== null);

/** Where the guards send a visitor of `url`, or null to show the page. */
function redirectFor(url: URL): string | null {
  const page = matchListenerPage(url.pathname);
  if (!page) return paths.signIn;
  // A church's join link is for anyone: no stored values needed (docs/decisions/019).
  if (page.page === 'lobby' || page.page === 'projector' || page.page === 'overlay') return null;
  return page.page === 'joinLive' ? mobileQueryRedirect(url) : churchInQueryRedirect(url);
}

export function ListenerApp() {
  const url = useUrl();
  const page = matchListenerPage(url.pathname);
  const redirectTo = redirectFor(url);

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  if (!page || redirectTo) return <PageLoader />;
  const churchId = url.searchParams.get('churchId');
  if (page.page === 'overlay') {
    // An OBS browser source: transparent, nothing around the captions, nothing while loading.
    return (
      <Suspense fallback={null}>
        <OverlayPage token={page.token} />
      </Suspense>
    );
  }
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
