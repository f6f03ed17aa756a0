import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@app/shared';
import { AppLink } from '../components/app-link';
import { freshBrowserEachTest, openEntry } from '../test/entry-kit';
import { ListenerApp } from './listener-app';

// The pages themselves are tested on their own (listener-screen.test.tsx): here, what reaches them.
vi.mock('../features/live/listener/sermon-join-page', () => ({
  SermonJoinPage: ({ broadcastId, churchId }: { broadcastId: string; churchId: string | null }) => (
    <div>
      sermon {broadcastId} of {churchId}
      <AppLink href="/joinlive?churchId=c1&userId=u1">back to the list</AppLink>
    </div>
  ),
}));
vi.mock('../features/live/listener/join-live-mobile-page', () => ({
  JoinLiveMobilePage: ({ churchId }: { churchId: string }) => <div>live sermons of {churchId}</div>,
}));

const open = (url: string) => openEntry(url, <ListenerApp />);

describe('listener entry (no router)', () => {
  freshBrowserEachTest();

  it('shows the sermon of the path with the church of the query', async () => {
    open('/sermon/join/ABCD1234?churchId=c1');
    expect(await screen.findByText('sermon ABCD1234 of c1')).toBeTruthy();
  });

  it('adds the stored church to the query in place, as the router guard does', async () => {
    localStorage.setItem(storageKeys.churchId, 'stored-church');
    open('/sermon/join/ABCD1234?lng=pt');
    expect(await screen.findByText('sermon ABCD1234 of stored-church')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/sermon/join/ABCD1234?lng=pt&churchId=stored-church');
  });

  it('moves between the two listener pages without loading a page, and back', async () => {
    open('/sermon/join/ABCD1234?churchId=c1');
    fireEvent.click(await screen.findByRole('link', { name: 'back to the list' }));
    expect(await screen.findByText('live sermons of c1')).toBeTruthy();
    expect(window.location.pathname).toBe('/joinlive');
    act(() => {
      window.history.back();
    });
    expect(await screen.findByText('sermon ABCD1234 of c1')).toBeTruthy();
  });
});
