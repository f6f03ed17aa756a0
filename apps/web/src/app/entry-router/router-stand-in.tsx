import { Component, createContext, useContext, useMemo, type ComponentPropsWithRef, type ErrorInfo, type ReactNode } from 'react';
import { entryNavigation, type EntryNavigation } from '../entry-navigation';

// What a lean entry's build resolves `react-router` to (leanEntry in vite.config.ts, decision 029):
// the few things the signed-out pages and the signed-in dashboard with its shell use, on the entry's
// own navigation, instead of React Router's 29 KB. A page that imported anything else would fail
// that build, not a visitor. The entry says which navigation through <EntryRouter>.

// Outside an entry (a unit test of a single hook) every move is a page load.
const NavigationContext = createContext<EntryNavigation>(entryNavigation(() => false));
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(undefined);

/** The entry's navigation for the pages inside, and what the layout's <Outlet /> shows. */
export function EntryRouter({ navigation, outlet = null, children }: { navigation: EntryNavigation; outlet?: ReactNode; children: ReactNode }) {
  return (
    <NavigationContext.Provider value={navigation}>
      <OutletContext.Provider value={outlet}>{children}</OutletContext.Provider>
    </NavigationContext.Provider>
  );
}

type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace: _replace, ...rest }: LinkProps) {
  const { Link: EntryLink } = useContext(NavigationContext);
  return <EntryLink href={to} {...rest} />;
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

type Navigate = (to: string | number, options?: { replace?: boolean }) => Promise<void>;

export function useNavigate(): Navigate {
  const { navigate } = useContext(NavigationContext);
  return useMemo<Navigate>(
    () => async (to, options) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  );
}

export function useLocation() {
  const url = useContext(NavigationContext).useUrl();
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' };
}

type SetSearch = (next: URLSearchParams | Record<string, string>, options?: { replace?: boolean }) => void;

export function useSearchParams(): [URLSearchParams, SetSearch] {
  const { navigate, useUrl } = useContext(NavigationContext);
  const { pathname, search } = useUrl();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setSearch = useMemo<SetSearch>(
    () => (next, options) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, setSearch];
}

/** React Router's rule for the patterns of app/config/paths.ts: `:name` takes one segment; case and a trailing slash ignored. */
export function matchPath(pattern: string, pathname: string): { params: Record<string, string> } | null {
  const segments = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).split('/');
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i]!;
    if (part.startsWith(':')) {
      if (!segment) return null;
      params[part.slice(1)] = decodeURIComponent(segment);
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return { params };
}

export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** The lean entries have no loaders, so no error is a router's response. */
export function isRouteErrorResponse(_error: unknown): false {
  return false;
}

/** The router's errorElement: `fallback` instead of the children when they fail to load or render. */
export class RouteErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}
