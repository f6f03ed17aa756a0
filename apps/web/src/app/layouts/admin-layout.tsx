import { lazy, Suspense, useEffect } from 'react';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT_DRAWER_BREAKPOINT_PX } from '@app/shared';
import { HeadingLevelProvider } from '../../components/heading-level';
import { UiOverlays } from '../../components/ui-overlays';
import { menuFor } from '../../components/navigation/role-menu';
import { fullNameOf, useStoredUser } from '../../components/navigation/use-stored-user';
import { ChatButton } from '../../features/chat/components/chat-button';
import { ChatPanelProvider, useChatPanel } from '../../features/chat/chat-panel-state';
import { useChatLive } from '../../features/chat/use-chat-live';
import { AppHeader } from '../../features/shell/app-header';
import { BreadcrumbBar } from '../../features/shell/breadcrumb-bar';
import { CollapseToggle } from '../../features/shell/collapse-toggle';
import { MenuDrawer } from '../../features/shell/menu-drawer';
import { MenuStateProvider, useMenuState, useOpenItemForScreen } from '../../features/shell/menu-state';
import { HorizontalMenu, NavMenu } from '../../features/shell/nav-menu';
import { routeTitleFor } from '../../features/shell/route-titles';
import classes from '../../features/shell/shell.module.css';
import { paths } from '../../config/paths';
import { PageLoader } from '../../components/page-loader';
import { loadAllTranslations } from '../../i18n';

// The chat panel (the whole messages screen, with its schemas) loads when it is first opened, not
// with every signed-in page, and with it the text beyond the shell's, which a visit that began on
// the dashboard has not loaded yet (decision 029).
const ChatPanel = lazy(() =>
  Promise.all([import('../../features/chat/components/chat-panel'), loadAllTranslations()]).then(([m]) => ({ default: m.ChatPanel })),
);

const NAVBAR_WIDTH = 260;
const NAVBAR_COLLAPSED_WIDTH = 76;

/** The signed-in shell of spec section 2: header, side menu (a drawer below 992px), breadcrumb bar. */
export function AdminLayout() {
  return (
    <MenuStateProvider>
      <UiOverlays>
        <ChatPanelProvider>
          <AdminShell />
        </ChatPanelProvider>
      </UiOverlays>
    </MenuStateProvider>
  );
}

function AdminShell() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { state } = useMenuState();
  const [isDrawerOpen, { open: openDrawer, close: closeDrawer }] = useDisclosure(false);
  const isWide = useMediaQuery(`(min-width: ${LAYOUT_DRAWER_BREAKPOINT_PX}px)`);

  const items = menuFor(user.userType);
  const title = routeTitleFor(pathname);
  const fullName = fullNameOf(user);
  const isHorizontal = state.layout === 'horizontal';
  useOpenItemForScreen(title.menuId);
  useChatLive(user.userEmail ? user.userId : null);
  const chat = useChatPanel();
  // The panel sits beside the page on wide screens only; phones use the Messages page.
  const showChat = chat.isOpen && isWide === true && !pathname.startsWith(paths.messages);

  // Logout in another tab (or here) removes the stored email: the signed-in area is gone.
  useEffect(() => {
    if (!user.userEmail) void navigate(paths.signIn, { replace: true });
  }, [user.userEmail, navigate]);

  // The drawer belongs to narrow screens; it closes on navigation and when the window widens.
  useEffect(() => closeDrawer(), [pathname, isWide, closeDrawer]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: state.collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'md',
        collapsed: { mobile: true, desktop: isHorizontal },
      }}
      aside={{ width: 380, breakpoint: 'md', collapsed: { mobile: true, desktop: !showChat } }}
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <AppHeader fullName={fullName} isDrawerOpen={isDrawerOpen} onOpenDrawer={openDrawer} actions={<ChatButton />} />
      </AppShell.Header>
      {!isHorizontal && (
        <AppShell.Navbar p="sm" visibleFrom="md" aria-label={t('shell.mainMenu')}>
          <AppShell.Section grow component={ScrollArea}>
            <NavMenu items={items} openIds={state.openIds} isCollapsed={state.collapsed} />
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ display: 'flex', justifyContent: state.collapsed ? 'center' : 'stretch' }}>
            <CollapseToggle />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {isHorizontal && isWide && <HorizontalMenu items={items} openIds={state.openIds} label={t('shell.mainMenu')} />}
        <BreadcrumbBar title={title} />
        <HeadingLevelProvider level={2}>
          <Outlet />
        </HeadingLevelProvider>
      </AppShell.Main>
      {showChat && (
        <AppShell.Aside>
          <Suspense fallback={<PageLoader />}>
            <ChatPanel />
          </Suspense>
        </AppShell.Aside>
      )}
      <MenuDrawer isOpen={isDrawerOpen} onClose={closeDrawer} items={items} openIds={state.openIds} fullName={fullName} />
    </AppShell>
  );
}
