import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { routeTitleFor, routeTitles } from './route-titles';

const english = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('breadcrumb titles', () => {
  it('has English for every title and trail crumb', () => {
    const keys = routeTitles.flatMap(([, t]) => [t.titleKey, ...(t.trail ?? []).map((c) => c.labelKey)]);
    expect(keys.filter((k) => typeof english(k) !== 'string')).toEqual([]);
  });

  it.each([
    ['/dashboard', 'Dashboard', 'dashboard'],
    ['/today-sermons', 'Dashboard', 'dashboard'],
    ['/church', 'Manage Church', 'church'],
    ['/all-feedback', 'View Feedback', 'viewFeedback'],
    ['/user/events', 'Events', 'userEvents'],
    ['/admin/events', 'Events', 'events'],
    ['/request-delete', 'Delete My Account', 'deleteAccount'],
    ['/join/AB12CD', 'Live sermon', 'joinLive'],
    ['/basic/tabs-pills', 'Tabs and pills', undefined],
    ['/analytics', 'Analytics', undefined],
  ])('titles %s "%s" under menu item %s', (path, title, menuId) => {
    const found = routeTitleFor(path);
    expect(english(found.titleKey)).toBe(title);
    expect(found.menuId).toBe(menuId);
  });
});
