import { useEffect } from 'react';
import { isDashboardPage } from '@app/shared';
import { AppLinkProvider } from '../../components/app-link';
import { useStoredUser } from '../../components/navigation/use-stored-user';
import { PageLoader } from '../../components/page-loader';
import { RouteError } from '../../components/route-error';
import { paths } from '../../config/paths';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { entryNavigation } from '../entry-navigation';
import { AdminLayout } from '../layouts/admin-layout';
import { EntryRouter, RouteErrorBoundary } from '../entry-router/router-stand-in';

// The dashboard's entry (dashboard.html, decision 029): the first page after signing in, in the
// signed-in shell, without React Router. The shell and the page are the main app's own; their router
// imports resolve to app/entry-router/router-stand-in.tsx in this build. Applying the dashboard's
// filters moves in place; every other screen loads as a page of the main app.

export const dashboardNavigation = entryNavigation(isDashboardPage);

/** The router's guard for the signed-in area (app/guards.ts): no stored email, the sign-in page. */
export function redirectFor(url: URL, userEmail: string | null): string | null {
  if (!isDashboardPage(url.pathname)) return `${url.pathname}${url.search}`;
  return userEmail ? null : paths.signIn;
}

export function DashboardApp() {
  const url = dashboardNavigation.useUrl();
  const user = useStoredUser();
  const redirectTo = redirectFor(url, user.userEmail);

  useEffect(() => {
    if (redirectTo) dashboardNavigation.navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  if (redirectTo) return <PageLoader />;
  // As in the main app, a failing page keeps the shell around it, so the menu still works.
  const page = (
    <RouteErrorBoundary fallback={<RouteError />}>
      <DashboardPage />
    </RouteErrorBoundary>
  );
  return (
    <EntryRouter navigation={dashboardNavigation} outlet={page}>
      <AppLinkProvider link={dashboardNavigation.Link}>
        <AdminLayout />
      </AppLinkProvider>
    </EntryRouter>
  );
}
