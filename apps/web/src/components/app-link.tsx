import { createContext, useContext, type ComponentPropsWithRef, type ComponentType, type ReactNode } from 'react';

export type AppLinkProps = ComponentPropsWithRef<'a'> & { href: string };

function PlainLink(props: AppLinkProps) {
  return <a {...props} />;
}

const AppLinkContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

/**
 * How links between screens navigate, chosen by the entry: the main app's router link, or on the
 * listener entry (no router) a plain link, which loads the other screen as a page of its own.
 */
export function AppLinkProvider({ link, children }: { link: ComponentType<AppLinkProps>; children: ReactNode }) {
  return <AppLinkContext.Provider value={link}>{children}</AppLinkContext.Provider>;
}

/** A link to another screen of the app, for screens that both entries show (`<Button component={AppLink} href=…>`). */
export function AppLink(props: AppLinkProps) {
  const Link = useContext(AppLinkContext);
  return <Link {...props} />;
}
