import { describe, expect, it } from 'vitest';
import { matchListenerPage } from './listener-pages';

describe('matchListenerPage', () => {
  it('finds the two listener pages, with or without a trailing slash, in any case', () => {
    expect(matchListenerPage('/joinlive')).toEqual({ page: 'joinLive' });
    expect(matchListenerPage('/JoinLive/')).toEqual({ page: 'joinLive' });
    expect(matchListenerPage('/sermon/join/ABCD1234')).toEqual({ page: 'sermonJoin', broadcastId: 'ABCD1234' });
    expect(matchListenerPage('/sermon/join/a%20b/')).toEqual({ page: 'sermonJoin', broadcastId: 'a b' });
  });

  it('leaves every other path to the main app', () => {
    for (const p of ['/', '/join/ABCD', '/sermon/join', '/sermon/join/', '/sermon/join/a/b', '/joinlive/x', '/golive', '/live-sermon-translator']) {
      expect(matchListenerPage(p)).toBeNull();
    }
  });

  it('matches a church lobby and its projector view by join code', () => {
    expect(matchListenerPage('/l/GRACE')).toEqual({ page: 'lobby', code: 'GRACE' });
    expect(matchListenerPage('/l/grace/projector/')).toEqual({ page: 'projector', code: 'grace' });
    expect(matchListenerPage('/l/a-b')).toBeNull();
    expect(matchListenerPage('/l/GRACE/other')).toBeNull();
  });

  it('matches a church overlay by its token, keeping the token as written', () => {
    expect(matchListenerPage('/overlay/Ab_cD-efGhIjKlMnOpQrStUvWx')).toEqual({ page: 'overlay', token: 'Ab_cD-efGhIjKlMnOpQrStUvWx' });
    expect(matchListenerPage('/overlay/short')).toBeNull();
    expect(matchListenerPage('/overlay/Ab_cD-efGhIjKlMnOpQrStUvWx/more')).toBeNull();
  });
});
