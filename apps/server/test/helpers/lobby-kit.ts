import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { churches } from '../../src/db/schema';
import { useCastApp } from './cast-app';
import { addChurchLanguages, connectLive, listen, type ClientSocket } from './live-kit';

/**
 * The lobby tests' set-up: the cast's church with join code GRACE (guests allowed), the other church
 * HOPE7 without guests, both with the usual languages, a listening server, and `client(cookie?)`
 * for live sockets closed after the file.
 */
export function useLobbyApp() {
  const s = useCastApp();
  let url = '';
  const open: ClientSocket[] = [];
  beforeAll(async () => {
    await addChurchLanguages(s.t.ctx.db, s.cast.church.id);
    await addChurchLanguages(s.t.ctx.db, s.cast.otherChurch.id);
    await s.t.ctx.db.update(churches).set({ joinCode: 'GRACE' }).where(eq(churches.id, s.cast.church.id));
    await s.t.ctx.db.update(churches).set({ joinCode: 'HOPE7', guestsMayListen: false }).where(eq(churches.id, s.cast.otherChurch.id));
    url = await listen(s.t.app);
  });
  afterAll(() => {
    for (const socket of open) socket.disconnect();
  });
  return Object.assign(s, {
    async client(cookie?: string) {
      const socket = await connectLive(url, cookie);
      open.push(socket);
      return socket;
    },
  });
}
