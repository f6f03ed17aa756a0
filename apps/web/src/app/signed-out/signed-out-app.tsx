import { lazy, Suspense, useEffect } from 'react';
import { matchSignedOutPage, type SignedOutPage } from '@app/shared';
import { AppLinkProvider } from '../../components/app-link';
import { PageLoader } from '../../components/page-loader';
import { readStoredUser } from '../../lib/stored-user';
import { paths } from '../../config/paths';
import { EntryRouter } from '../entry-router/router-stand-in';
import { signedOutNavigation } from './navigation';

// The signed-out entry (signed-out.html, decision 029): the first page every phone opens, without
// React Router or the signed-in shell. Its pages are the main app's own; their router imports resolve
// to app/entry-router/router-stand-in.tsx in this build.

const pages: Record<SignedOutPage, ReturnType<typeof lazy>> = {
  signIn: lazy(() => import('../../features/auth/sign-in-page').then((m) => ({ default: m.SignInPage }))),
  signUp: lazy(() => import('../../features/auth/signup-page').then((m) => ({ default: m.SignupPage }))),
  forgotPassword: lazy(() => import('../../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage }))),
  setPassword: lazy(() => import('../../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage }))),
};

/** The router's guards (app/guards.ts) for these pages: signed in, sign-in and sign-up lead to the dashboard. */
export function redirectFor(page: SignedOutPage | null): string | null {
  if (!page) return paths.signIn;
  const signedOutOnly = page === 'signIn' || page === 'signUp';
  return signedOutOnly && readStoredUser().userEmail ? paths.dashboard : null;
}

export function SignedOutApp() {
  const url = signedOutNavigation.useUrl();
  const page = matchSignedOutPage(url.pathname);
  const redirectTo = redirectFor(page);

  useEffect(() => {
    if (redirectTo) signedOutNavigation.navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  if (!page || redirectTo) return <PageLoader />;
  const Page = pages[page];
  return (
    <EntryRouter navigation={signedOutNavigation}>
      <AppLinkProvider link={signedOutNavigation.Link}>
        <Suspense fallback={<PageLoader />}>
          <Page key={page} />
        </Suspense>
      </AppLinkProvider>
    </EntryRouter>
  );
}
