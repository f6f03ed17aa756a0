import { createBrowserRouter, type RouteObject } from 'react-router';
import { MobileLayout } from './layouts/mobile-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { fallbackRedirect, requireChurchInQuery, requireMobileQuery, requireStoredEmail, signedOutOnly } from './guards';
import { paths } from './paths';

// Every screen is its own chunk: the listener's phone loads only what the join screen needs.
const comingSoon = () => import('../components/coming-soon');
// The admin shell is a chunk of its own too: a listener's phone never downloads it.
const adminLayout = () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout }));
const privacyLayout = () => import('./layouts/privacy-layout').then((m) => ({ Component: m.PrivacyLayout }));
// /dashboard and /today-sermons are the same screen (spec section 2).
const dashboard = () => import('../features/dashboard/dashboard-page');

const adminRoutes: RouteObject[] = [
  { path: paths.dashboard, lazy: dashboard },
  { path: paths.todaySermons, lazy: dashboard },
  { path: paths.basicButton, lazy: () => import('../features/ui-kit/button-page') },
  { path: paths.basicBadges, lazy: () => import('../features/ui-kit/badges-page') },
  { path: paths.basicBreadcrumbPaging, lazy: () => import('../features/ui-kit/breadcrumb-paging-page') },
  { path: paths.basicCollapse, lazy: () => import('../features/ui-kit/collapse-page') },
  { path: paths.basicTabsPills, lazy: () => import('../features/ui-kit/tabs-pills-page') },
  { path: paths.basicTypography, lazy: () => import('../features/ui-kit/typography-page') },
  { path: paths.profile, lazy: () => import('../features/profile/profile-page') },
  { path: paths.administrators, lazy: comingSoon },
  { path: paths.church, lazy: () => import('../features/church/church-page') },
  { path: paths.events, lazy: comingSoon },
  { path: paths.analytics, lazy: comingSoon },
  { path: paths.userEvents, lazy: comingSoon },
  { path: paths.adminEvents, lazy: comingSoon },
  { path: paths.goLive, lazy: () => import('../features/live/speaker/go-live-page') },
  { path: paths.liveSermons, loader: requireChurchInQuery, lazy: () => import('../features/live/listener/live-sermons-page') },
  { path: paths.join, loader: requireChurchInQuery, lazy: () => import('../features/live/listener/join-page') },
  { path: paths.churches, lazy: comingSoon },
  { path: paths.staffMembers, lazy: comingSoon },
  { path: paths.users, lazy: comingSoon },
  { path: paths.requestDelete, lazy: comingSoon },
  { path: paths.feedback, lazy: comingSoon },
  { path: paths.allFeedback, lazy: comingSoon },
];

export const routes: RouteObject[] = [
  { path: paths.signIn, loader: signedOutOnly, lazy: () => import('../features/auth/sign-in-page') },
  { path: paths.signUp, loader: signedOutOnly, lazy: () => import('../features/auth/signup-page') },
  { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
  // Public, and a member's menu item: the layout picks the shell or the public frame.
  { path: paths.privacyPolicy, lazy: privacyLayout, children: [{ index: true, lazy: () => import('../features/privacy/privacy-page') }] },
  {
    element: <MobileLayout />,
    children: [
      { path: paths.goLiveMobile, loader: requireMobileQuery, lazy: () => import('../features/live/speaker/go-live-mobile-page') },
      { path: paths.joinLiveMobile, loader: requireMobileQuery, lazy: () => import('../features/live/listener/join-live-mobile-page') },
      { path: paths.sermonJoin, loader: requireChurchInQuery, lazy: () => import('../features/live/listener/sermon-join-page') },
    ],
  },
  // A failing screen keeps the shell around it, so the menu still works.
  { lazy: adminLayout, loader: requireStoredEmail, children: [{ errorElement: <RouteError />, children: adminRoutes }] },
  { path: '*', loader: fallbackRedirect },
];

// The root catches a screen that fails to load or render, and covers the first loader run.
export const router = createBrowserRouter([
  { errorElement: <RouteError />, hydrateFallbackElement: <PageLoader />, children: routes },
]);
