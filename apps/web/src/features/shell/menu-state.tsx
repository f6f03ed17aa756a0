import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type Dispatch, type ReactNode } from 'react';
import { initialMenuState, menuReducer, type MenuAction, type MenuState } from './menu-reducer';
import type { MenuItemId } from '../../components/navigation/role-menu';

interface MenuStateValue {
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
}

const MenuStateContext = createContext<MenuStateValue | null>(null);

// The layout and the collapsed menu outlive a page load in this tab (a listener page's link to a
// signed-in screen is one), as a person who chose them expects.
const LAYOUT_KEY = 'menuLayout';

function storedState(): MenuState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LAYOUT_KEY) ?? 'null') as Partial<MenuState> | null;
    const isLayout = stored?.layout === 'vertical' || stored?.layout === 'horizontal';
    if (stored && isLayout && typeof stored.collapsed === 'boolean') return { ...initialMenuState, layout: stored.layout!, collapsed: stored.collapsed };
  } catch {
    // Storage blocked or a value from elsewhere: the default layout.
  }
  return initialMenuState;
}

/** Holds the menu state (layout, collapsed, open items) for the signed-in shell. */
export function MenuStateProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(menuReducer, undefined, storedState);
  useEffect(() => {
    try {
      sessionStorage.setItem(LAYOUT_KEY, JSON.stringify({ layout: state.layout, collapsed: state.collapsed }));
    } catch {
      // Storage blocked: the layout lasts until the next page load.
    }
  }, [state.layout, state.collapsed]);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <MenuStateContext.Provider value={value}>{children}</MenuStateContext.Provider>;
}

export function useMenuState(): MenuStateValue {
  const value = useContext(MenuStateContext);
  if (!value) throw new Error('useMenuState must be used inside MenuStateProvider');
  return value;
}

/**
 * Keeps the open menu item in step with the screen: the current screen's item opens alone; a screen
 * outside the menu closes whatever was open (spec section 4's plain-item toggle).
 */
export function useOpenItemForScreen(menuId: MenuItemId | undefined) {
  const { state, dispatch } = useMenuState();
  const openId = state.openIds.length === 1 ? state.openIds[0] : undefined;
  // A toggle is not idempotent: sync once per screen, or StrictMode's second effect run (and any
  // re-render before the state lands) would toggle the item closed again.
  const syncedFor = useRef<string | null>(null);
  useEffect(() => {
    const screen = menuId ?? '';
    if (syncedFor.current === screen) return;
    syncedFor.current = screen;
    if (menuId && openId !== menuId) dispatch({ type: 'toggle-item', id: menuId, kind: 'item' });
    else if (!menuId && openId) dispatch({ type: 'toggle-item', id: openId, kind: 'item' });
  }, [menuId, openId, dispatch]);
}
