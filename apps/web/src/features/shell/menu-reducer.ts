/**
 * Menu state of spec section 3 ("menu layout, collapsed flag, open menu ids, trigger menu ids") with
 * exactly the transitions of spec section 4. Pure, so the shell and its tests share one definition.
 */
export const menuLayouts = ['vertical', 'horizontal'] as const;
export type MenuLayout = (typeof menuLayouts)[number];

/** A `sub` item holds children of its own; an `item` is a plain destination. */
export type MenuItemKind = 'item' | 'sub';

export interface MenuState {
  layout: MenuLayout;
  collapsed: boolean;
  openIds: string[];
  triggerIds: string[];
}

export type MenuAction =
  | { type: 'change-layout'; layout: MenuLayout }
  | { type: 'toggle-collapsed' }
  | { type: 'toggle-item'; id: string; kind: MenuItemKind }
  | { type: 'leave-sub-item'; id: string }
  | { type: 'reset' };

// Interface state defaults (spec section 3): the vertical layout, expanded, nothing open.
export const initialMenuState: MenuState = {
  layout: 'vertical',
  collapsed: false,
  openIds: [],
  triggerIds: [],
};

const without = (ids: string[], id: string) => ids.filter((x) => x !== id);

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case 'change-layout':
      return { ...state, layout: action.layout };
    case 'toggle-collapsed':
      return { ...state, collapsed: !state.collapsed };
    case 'toggle-item': {
      if (action.kind === 'sub') {
        // A sub item opens alongside others; it is added to, or removed from, both lists.
        return state.openIds.includes(action.id)
          ? { ...state, openIds: without(state.openIds, action.id), triggerIds: without(state.triggerIds, action.id) }
          : { ...state, openIds: [...state.openIds, action.id], triggerIds: [...state.triggerIds, action.id] };
      }
      // A plain item opens alone, or closes everything when it was already open.
      return { ...state, openIds: state.openIds.includes(action.id) ? [] : [action.id] };
    }
    case 'leave-sub-item':
      return { ...state, openIds: without(state.openIds, action.id), triggerIds: without(state.triggerIds, action.id) };
    case 'reset':
      // Spec section 4: reset restores the default layout and collapsed flag; open lists stay.
      return { ...state, layout: initialMenuState.layout, collapsed: initialMenuState.collapsed };
    default:
      throw new Error(`Unknown menu action: ${(action as { type?: unknown }).type as string}`);
  }
}
