import { createBrowserRouter, type RouteObject } from 'react-router';
import { MobileLayout } from './layouts/mobile-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { fallbackRedirect, requireChurchInQuery, requireMobileQuery, requireStoredEmail, signedOutOnly } from './guards';
import { paths } from '../config/paths';
import { loadAllTranslations, loadSignedInTranslations, loadSignedOutTranslations } from '../i18n';

// Every screen is its own chunk: the listener's phone loads only what the join screen needs.
// The admin shell is a chunk of its own too: a listener's phone never downloads it.
const adminLayout = () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout }));
const privacyLayout = () => import('./layouts/privacy-layout').then((m) => ({ Component: m.PrivacyLayout }));
// /dashboard and /today-sermons are the same screen (spec section 2).
const dashboard = () => import('../features/dashboard/dashboard-page');

// The dashboard, the first screen after signing in, needs the shell's text only; every other screen
// waits for the rest of the locale file (decision 029).
const dashboardRoutes: RouteObject[] = [
  { path: paths.dashboard, lazy: dashboard },
  { path: paths.todaySermons, lazy: dashboard },
];

const adminRoutes: RouteObject[] = [
  { path: paths.basicButton, lazy: () => import('../features/ui-kit/button-page') },
  { path: paths.basicBadges, lazy: () => import('../features/ui-kit/badges-page') },
  { path: paths.basicBreadcrumbPaging, lazy: () => import('../features/ui-kit/breadcrumb-paging-page') },
  { path: paths.basicCollapse, lazy: () => import('../features/ui-kit/collapse-page') },
  { path: paths.basicTabsPills, lazy: () => import('../features/ui-kit/tabs-pills-page') },
  { path: paths.basicTypography, lazy: () => import('../features/ui-kit/typography-page') },
  { path: paths.profile, lazy: () => import('../features/profile/profile-page') },
  { path: paths.administrators, lazy: () => import('../features/people/administrators/administrators-page') },
  { path: paths.administratorNew, lazy: () => import('../features/people/administrators/new-administrator-page') },
  { path: paths.administratorDetail, lazy: () => import('../features/people/administrators/administrator-page') },
  { path: paths.church, lazy: () => import('../features/church/church-page') },
  { path: paths.events, lazy: () => import('../features/events/events-page') },
  { path: paths.messages, lazy: () => import('../features/chat/messages-page') },
  { path: paths.conversation, lazy: () => import('../features/chat/messages-page') },
  { path: paths.messageReports, lazy: () => import('../features/chat/reports-page') },
  { path: paths.eventNew, lazy: () => import('../features/events/new-event-page') },
  { path: paths.eventDetail, lazy: () => import('../features/events/event-page') },
  { path: paths.analytics, lazy: () => import('../features/analytics/analytics-page') },
  { path: paths.analyticsSermon, lazy: () => import('../features/analytics/sermon-detail-page') },
  { path: paths.listenAgain, lazy: () => import('../features/listen-again/listen-again-page') },
  { path: paths.followUps, lazy: () => import('../features/follow-ups/follow-ups-page') },
  { path: paths.userEvents, lazy: () => import('../features/events/user-events-page') },
  { path: paths.adminEvents, lazy: () => import('../features/events/events-page') },
  { path: paths.goLive, lazy: () => import('../features/live/speaker/go-live-page') },
  { path: paths.liveSermons, loader: requireChurchInQuery, lazy: () => import('../features/live/listener/live-sermons-page') },
  { path: paths.join, loader: requireChurchInQuery, lazy: () => import('../features/live/listener/join-page') },
  { path: paths.churches, lazy: () => import('../features/church/churches-page') },
  { path: paths.churchNew, lazy: () => import('../features/church/new-church-page') },
  { path: paths.staffMembers, lazy: () => import('../features/people/staff/staff-page') },
  { path: paths.staffNew, lazy: () => import('../features/people/staff/new-staff-page') },
  { path: paths.staffDetail, lazy: () => import('../features/people/staff/staff-member-page') },
  { path: paths.users, lazy: () => import('../features/people/users/users-page') },
  { path: paths.userNew, lazy: () => import('../features/people/users/new-user-page') },
  { path: paths.userImport, lazy: () => import('../features/people/import/import-page') },
  { path: paths.userDetail, lazy: () => import('../features/people/users/user-page') },
  { path: paths.requestDelete, lazy: () => import('../features/account-deletion/request-delete-page') },
  { path: paths.feedback, lazy: () => import('../features/feedback/feedback-page') },
  { path: paths.allFeedback, lazy: () => import('../features/feedback/all-feedback-page') },
  { path: paths.deletionRequests, lazy: () => import('../features/account-deletion/deletion-requests-page') },
  { path: paths.audit, lazy: () => import('../features/audit/audit-page') },
  { path: paths.backups, lazy: () => import('../features/backups/backups-page') },
  { path: paths.churchGlossary, lazy: () => import('../features/glossary/glossary-page') },
  { path: paths.starterGlossary, lazy: () => import('../features/glossary/starter-glossary-page') },
  { path: paths.translationFlags, lazy: () => import('../features/glossary/translation-flags-page') },
];

// Listener pages: what a whole congregation opens at once, so they load their own text only. A page
// load of either gets the listener entry (listen.html, app/listener-app.tsx); these serve navigation
// within the app and the dev server.
const listenerRoutes: RouteObject[] = [
  { path: paths.joinLiveMobile, loader: requireMobileQuery, lazy: () => import('./listener-routes/join-live-mobile-route').then((m) => ({ Component: m.JoinLiveMobileRoute })) },
  { path: paths.sermonJoin, loader: requireChurchInQuery, lazy: () => import('./listener-routes/sermon-join-route').then((m) => ({ Component: m.SermonJoinRoute })) },
  { path: paths.lobby, lazy: () => import('./listener-routes/lobby-route').then((m) => ({ Component: m.LobbyRoute })) },
  { path: paths.projector, lazy: () => import('./listener-routes/lobby-route').then((m) => ({ Component: m.ProjectorRoute })) },
];

// The first pages of a signed-out visit: they need the listener's and their own text only (decision 029).
const signedOutRoutes: RouteObject[] = [
  { path: paths.signIn, loader: signedOutOnly, lazy: () => import('../features/auth/sign-in-page') },
  { path: paths.signUp, loader: signedOutOnly, lazy: () => import('../features/auth/signup-page') },
  { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
  { path: paths.setPassword, lazy: () => import('../features/auth/set-password-page') },
];

const allTextRoutes: RouteObject[] = [
  // Public, and a member's menu item: the layout picks the shell or the public frame.
  { path: paths.privacyPolicy, lazy: privacyLayout, children: [{ index: true, lazy: () => import('../features/privacy/privacy-page') }] },
  // A church's public events: a link to share with people who are not members yet.
  { path: paths.publicEvents, lazy: privacyLayout, children: [{ index: true, lazy: () => import('../features/events/public-events-page') }] },
  {
    element: <MobileLayout />,
    children: [{ path: paths.goLiveMobile, loader: requireMobileQuery, lazy: () => import('../features/live/speaker/go-live-mobile-page') }],
  },
  { path: '*', loader: fallbackRedirect },
];

const allText = { loader: loadAllTranslations, shouldRevalidate: () => false };

const otherRoutes: RouteObject[] = [
  // A failing screen keeps the shell around it, so the menu still works.
  {
    lazy: adminLayout,
    loader: requireStoredEmail,
    children: [{ errorElement: <RouteError />, children: [...dashboardRoutes, { ...allText, children: adminRoutes }] }],
  },
  { ...allText, children: allTextRoutes },
];

export const routes: RouteObject[] = [
  { element: <MobileLayout />, children: listenerRoutes },
  // A visit that began on a listener, signed-out or dashboard page fetches the text it lacks before any other screen.
  { loader: loadSignedOutTranslations, shouldRevalidate: () => false, children: signedOutRoutes },
  { loader: loadSignedInTranslations, shouldRevalidate: () => false, children: otherRoutes },
];

// The root catches a screen that fails to load or render, and covers the first loader run.
export const router = createBrowserRouter([
  { errorElement: <RouteError />, hydrateFallbackElement: <PageLoader />, children: routes },
]);
