import { describe, expect, it } from 'vitest';
import { redirectFor } from './dashboard-app';

describe('dashboard entry guards', () => {
  it('shows the dashboard under both its paths to a signed-in person', () => {
    for (const path of ['/dashboard', '/today-sermons', '/Dashboard/?range=week']) {
      expect(redirectFor(new URL(path, 'http://x'), 'maria@example.com')).toBeNull();
    }
  });

  it('sends a visitor without a stored email to the sign-in page', () => {
    expect(redirectFor(new URL('/dashboard', 'http://x'), null)).toBe('/');
  });

  it('loads any other page as a page of the main app', () => {
    expect(redirectFor(new URL('/users?page=2', 'http://x'), 'maria@example.com')).toBe('/users?page=2');
  });
});
