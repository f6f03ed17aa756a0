import { describe, expect, it } from 'vitest';
import { initialMenuState, menuReducer, type MenuAction, type MenuState } from './menu-reducer';

const state = (over: Partial<MenuState> = {}): MenuState => ({ ...initialMenuState, ...over });

describe('menu reducer', () => {
  it('starts vertical, expanded and with nothing open (spec section 3)', () => {
    expect(initialMenuState).toEqual({ layout: 'vertical', collapsed: false, openIds: [], triggerIds: [] });
  });

  it('sets the layout it is given', () => {
    expect(menuReducer(state(), { type: 'change-layout', layout: 'horizontal' }).layout).toBe('horizontal');
    expect(menuReducer(state({ layout: 'horizontal' }), { type: 'change-layout', layout: 'vertical' }).layout).toBe('vertical');
  });

  it('flips the collapsed flag on each collapse action', () => {
    const once = menuReducer(state(), { type: 'toggle-collapsed' });
    expect(once.collapsed).toBe(true);
    expect(menuReducer(once, { type: 'toggle-collapsed' }).collapsed).toBe(false);
  });

  it('adds a sub item to the open and trigger lists, next to those already open', () => {
    const next = menuReducer(state({ openIds: ['a'], triggerIds: ['a'] }), { type: 'toggle-item', id: 'b', kind: 'sub' });
    expect(next.openIds).toEqual(['a', 'b']);
    expect(next.triggerIds).toEqual(['a', 'b']);
  });

  it('removes an open sub item from both lists when toggled again', () => {
    const next = menuReducer(state({ openIds: ['a', 'b'], triggerIds: ['a', 'b'] }), { type: 'toggle-item', id: 'a', kind: 'sub' });
    expect(next.openIds).toEqual(['b']);
    expect(next.triggerIds).toEqual(['b']);
  });

  it('opens a plain item alone, closing whatever was open', () => {
    const next = menuReducer(state({ openIds: ['a', 'b'], triggerIds: ['a'] }), { type: 'toggle-item', id: 'c', kind: 'item' });
    expect(next.openIds).toEqual(['c']);
    expect(next.triggerIds).toEqual(['a']);
  });

  it('closes everything when the plain item toggled was already open', () => {
    const next = menuReducer(state({ openIds: ['c'] }), { type: 'toggle-item', id: 'c', kind: 'item' });
    expect(next.openIds).toEqual([]);
  });

  it('removes a sub item from both lists when the pointer leaves it', () => {
    const next = menuReducer(state({ openIds: ['a', 'b'], triggerIds: ['b', 'a'] }), { type: 'leave-sub-item', id: 'a' });
    expect(next.openIds).toEqual(['b']);
    expect(next.triggerIds).toEqual(['b']);
  });

  it('restores the default layout and collapsed flag on reset, leaving the open lists as they were', () => {
    const next = menuReducer(state({ layout: 'horizontal', collapsed: true, openIds: ['a'], triggerIds: ['a'] }), { type: 'reset' });
    expect(next).toEqual({ layout: 'vertical', collapsed: false, openIds: ['a'], triggerIds: ['a'] });
  });

  it('does not change the state it was given', () => {
    const before = state({ openIds: ['a'], triggerIds: ['a'] });
    const copy = structuredClone(before);
    menuReducer(before, { type: 'toggle-item', id: 'b', kind: 'sub' });
    menuReducer(before, { type: 'leave-sub-item', id: 'a' });
    expect(before).toEqual(copy);
  });

  it('throws on an unknown action', () => {
    expect(() => menuReducer(state(), { type: 'fly-away' } as unknown as MenuAction)).toThrow(/Unknown menu action: fly-away/);
  });
});
