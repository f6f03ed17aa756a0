import { describe, expect, it } from 'vitest';
import { isDashboardPage, matchSignedOutPage } from './signed-out-pages';

describe('matchSignedOutPage', () => {
  it('knows the four signed-out pages, like the router ignoring case and a trailing slash', () => {
    expect(matchSignedOutPage('/')).toBe('signIn');
    expect(matchSignedOutPage('/signup')).toBe('signUp');
    expect(matchSignedOutPage('/SignUp/')).toBe('signUp');
    expect(matchSignedOutPage('/forgot-password')).toBe('forgotPassword');
    expect(matchSignedOutPage('/set-password/')).toBe('setPassword');
  });

  it('leaves every other page to the main app', () => {
    for (const path of ['/dashboard', '/signup/extra', '/joinlive', '/privacy-policy', '']) {
      expect(matchSignedOutPage(path)).toBeNull();
    }
  });
});

describe('isDashboardPage', () => {
  it('knows the dashboard under both its paths, ignoring case and a trailing slash', () => {
    for (const path of ['/dashboard', '/Dashboard/', '/today-sermons', '/TODAY-SERMONS/']) expect(isDashboardPage(path)).toBe(true);
  });

  it('leaves every other page to the other entries', () => {
    for (const path of ['/', '/dashboard/x', '/analytics', '/signup', '/today', '']) expect(isDashboardPage(path)).toBe(false);
  });
});
