import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryNavigation } from '../entry-navigation';
import { EntryRouter, Link, matchPath, Outlet, RouteErrorBoundary, useLocation, useRouteError, useSearchParams } from './router-stand-in';

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The lean entries' pages keep their React Router imports (decision 029): these are the parts the
// stand-in answers for, and they must behave as the router's did for those pages.
describe('router stand-in', () => {
  it('matches the route table\'s patterns as React Router does', () => {
    expect(matchPath('/dashboard', '/dashboard')).toEqual({ params: {} });
    expect(matchPath('/dashboard', '/Dashboard/')).toEqual({ params: {} });
    expect(matchPath('/users/:userId', '/users/ab%20c')).toEqual({ params: { userId: 'ab c' } });
    expect(matchPath('/users/:userId', '/users')).toBeNull();
    expect(matchPath('/users/:userId', '/users/1/more')).toBeNull();
    expect(matchPath('/', '/')).toEqual({ params: {} });
    expect(matchPath('/', '/dashboard')).toBeNull();
  });

  it('changes the query in place on the entry\'s own page and shows the layout\'s outlet', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const navigation = entryNavigation((pathname) => pathname === '/dashboard');
    function Filters() {
      const [search, setSearch] = useSearchParams();
      const { pathname } = useLocation();
      return (
        <>
          <p>{`${pathname} range ${search.get('range') ?? 'none'}`}</p>
          <button type="button" onClick={() => setSearch(new URLSearchParams({ range: 'month' }))}>apply</button>
          <Outlet />
        </>
      );
    }
    render(
      <EntryRouter navigation={navigation} outlet={<Link to="/dashboard?range=year">this year</Link>}>
        <Filters />
      </EntryRouter>,
    );
    expect(screen.getByText('/dashboard range none')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'apply' }));
    expect(await screen.findByText('/dashboard range month')).toBeTruthy();
    expect(window.location.search).toBe('?range=month');
    fireEvent.click(screen.getByRole('link', { name: 'this year' }));
    expect(await screen.findByText('/dashboard range year')).toBeTruthy();
    act(() => window.history.back());
    expect(await screen.findByText('/dashboard range month')).toBeTruthy();
  });

  it('shows the error fallback, with the error, when a page fails to render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('chunk gone');
    }
    function Fallback() {
      return <p>{`failed: ${(useRouteError() as Error).message}`}</p>;
    }
    render(
      <RouteErrorBoundary fallback={<Fallback />}>
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('failed: chunk gone')).toBeTruthy();
  });
});
