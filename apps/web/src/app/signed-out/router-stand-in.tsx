import { useMemo, type ComponentPropsWithRef } from 'react';
import { signedOutNavigation } from './navigation';

// What the signed-out entry's build resolves `react-router` to (vite.signed-out.config.ts, decision
// 029): the three things the signed-out pages use, on the entry's own navigation, instead of React
// Router's 29 KB. A page that imported anything else would fail that build, not a visitor.

type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string; replace?: boolean };

export function Link({ to, replace: _replace, ...rest }: LinkProps) {
  return <signedOutNavigation.Link href={to} {...rest} />;
}

export function useNavigate() {
  return signedOutNavigation.navigate;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = signedOutNavigation.useUrl();
  return [useMemo(() => new URLSearchParams(search), [search])];
}
