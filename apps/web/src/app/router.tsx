import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './layouts/admin-layout';
import { MobileLayout } from './layouts/mobile-layout';
import { fallbackRedirect, requireChurchInQuery, requireMobileQuery, requireStoredEmail, signedOutOnly } from './guards';
import { paths } from './paths';

// Every screen is its own chunk: the listener's phone loads only what the join screen needs.
const comingSoon = () => import('../components/coming-soon');

const adminRoutes: RouteObject[] = [
  { path: paths.dashboard, lazy: comingSoon },
  { path: paths.todaySermons, lazy: comingSoon },
  { path: paths.basicButton, lazy: comingSoon },
  { path: paths.basicBadges, lazy: comingSoon },
  { path: paths.basicBreadcrumbPaging, lazy: comingSoon },
  { path: paths.basicCollapse, lazy: comingSoon },
  { path: paths.basicTabsPills, lazy: comingSoon },
  { path: paths.basicTypography, lazy: comingSoon },
  { path: paths.profile, lazy: comingSoon },
  { path: paths.administrators, lazy: comingSoon },
  { path: paths.church, lazy: comingSoon },
  { path: paths.events, lazy: comingSoon },
  { path: paths.analytics, lazy: comingSoon },
  { path: paths.userEvents, lazy: comingSoon },
  { path: paths.adminEvents, lazy: comingSoon },
  { path: paths.goLive, lazy: comingSoon },
  { path: paths.liveSermons, loader: requireChurchInQuery, lazy: comingSoon },
  { path: paths.join, loader: requireChurchInQuery, lazy: comingSoon },
  { path: paths.churches, lazy: comingSoon },
  { path: paths.staffMembers, lazy: comingSoon },
  { path: paths.users, lazy: comingSoon },
  { path: paths.requestDelete, lazy: comingSoon },
  { path: paths.feedback, lazy: comingSoon },
  { path: paths.allFeedback, lazy: comingSoon },
];

export const routes: RouteObject[] = [
  { path: paths.signIn, loader: signedOutOnly, lazy: comingSoon },
  { path: paths.signUp, loader: signedOutOnly, lazy: comingSoon },
  { path: paths.forgotPassword, lazy: comingSoon },
  { path: paths.privacyPolicy, lazy: comingSoon },
  {
    element: <MobileLayout />,
    children: [
      { path: paths.goLiveMobile, loader: requireMobileQuery, lazy: comingSoon },
      { path: paths.joinLiveMobile, loader: requireMobileQuery, lazy: comingSoon },
      { path: paths.sermonJoin, loader: requireChurchInQuery, lazy: comingSoon },
    ],
  },
  { element: <AdminLayout />, loader: requireStoredEmail, children: adminRoutes },
  { path: '*', loader: fallbackRedirect },
];

export const router = createBrowserRouter(routes);
