import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { menuFor } from './role-menu';

const english = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
const labels = (type: Parameters<typeof menuFor>[0]) => menuFor(type).map((item) => [english(item.labelKey), item.path]);

// Spec section 2, "Menu items by role", with the exact English labels.
describe('menu by stored userType', () => {
  it('gives a platform administrator (1) its items between Dashboard and Manage Profile', () => {
    expect(labels('1')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Manage Administrators', '/administrators'],
      ['Staff Members', '/staff-members'],
      ['Users', '/users'],
      ['Churches', '/churches'],
      ['Events', '/events'],
      ['Follow-ups', '/follow-ups'],
      ['View Feedback', '/all-feedback'],
      ['Delete Requests', '/deletion-requests'],
      ['Audit Log', '/audit'],
      ['Backups', '/backups'],
      ['Manage Profile', '/profile'],
    ]);
  });

  it('gives a church administrator (2) its church, people, events, Go Live, follow-ups, feedback, delete requests and the audit log', () => {
    expect(labels('2')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Manage Church', '/church'],
      ['Staff Members', '/staff-members'],
      ['Users', '/users'],
      ['Events', '/events'],
      ['Go Live', '/real-time-sermon-translation'],
      ['Follow-ups', '/follow-ups'],
      ['View Feedback', '/all-feedback'],
      ['Delete Requests', '/deletion-requests'],
      ['Audit Log', '/audit'],
      ['Manage Profile', '/profile'],
    ]);
  });

  it('gives staff (3) Users, Events, Go Live and their follow-ups', () => {
    expect(labels('3')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Users', '/users'],
      ['Events', '/events'],
      ['Go Live', '/real-time-sermon-translation'],
      ['Follow-ups', '/follow-ups'],
      ['Manage Profile', '/profile'],
    ]);
  });

  it('gives a member (4) the member items, with Events at /user/events', () => {
    expect(labels('4')).toEqual([
      ['Dashboard', '/dashboard'],
      ['Join Live Sermons', '/live-sermon-translator'],
      ['Events', '/user/events'],
      ['Privacy Policy', '/privacy-policy'],
      ['Delete My Account', '/request-delete'],
      ['Feedback', '/feedback'],
      ['Manage Profile', '/profile'],
    ]);
  });

  it('gives an unknown or missing type only what every role has', () => {
    expect(labels(null)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Manage Profile', '/profile'],
    ]);
  });
});
