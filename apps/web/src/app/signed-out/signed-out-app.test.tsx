import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@app/shared';
import { freshBrowserEachTest, openEntry } from '../../test/entry-kit';
import { useSearchParams } from '../entry-router/router-stand-in';
import { redirectFor, SignedOutApp } from './signed-out-app';

// The real pages, with their router imports resolved as the entry's build resolves them.
vi.mock('react-router', () => import('../entry-router/router-stand-in'));

// As signed-out-main.tsx mounts it: with the app's query client around it.
const open = (url: string) =>
  openEntry(
    url,
    <QueryClientProvider client={new QueryClient()}>
      <SignedOutApp />
    </QueryClientProvider>,
  );

describe('signed-out entry (no router)', { timeout: 30_000 }, () => {
  freshBrowserEachTest();

  it('shows sign-in at / and moves to sign-up and the password reset in place, and back', async () => {
    open('/');
    // The first render loads the page's chunk: slower than Testing Library's default second on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/signup');
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' }, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/forgot-password');
  });

  it('reads the query as the router did, and again after a move', async () => {
    function Ref() {
      const [params] = useSearchParams();
      return <p>ref {params.get('ref') ?? 'none'}</p>;
    }
    window.history.replaceState(null, '', '/signup?ref=friend42');
    render(<Ref />);
    expect(screen.getByText('ref friend42')).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/signup?ref=other');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByText('ref other')).toBeTruthy();
  });

  it('applies the router guards: signed in, sign-in and sign-up lead to the dashboard; the password pages stay', () => {
    expect(redirectFor('signIn')).toBeNull();
    expect(redirectFor(null)).toBe('/');
    localStorage.setItem(storageKeys.userEmail, 'maria@example.com');
    expect(redirectFor('signIn')).toBe('/dashboard');
    expect(redirectFor('signUp')).toBe('/dashboard');
    expect(redirectFor('forgotPassword')).toBeNull();
    expect(redirectFor('setPassword')).toBeNull();
  });
});
