import type { IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';

/**
 * A WebSocket's upgrade answer (101) and Engine.IO's open packet go out in one write, not two.
 * When a process dies its listeners arrive at another all at once (decision 028), and there each
 * write on a connection is a system call that also wakes the phone's side: one fewer per connection
 * is CPU the surviving process spends on captions instead. The socket is held from the moment the
 * upgrade is accepted until Engine.IO has its connection (the open packet is written in between),
 * and never beyond the current turn of the event loop.
 */
export function coalesceOpeningWrites(io: Server): void {
  io.engine.on('headers', (_headers: unknown, req: IncomingMessage) => {
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return;
    const socket = req.socket;
    socket.cork();
    const release = () => {
      if (socket.writableCorked > 0) socket.uncork();
    };
    pending.set(req, release);
    setImmediate(() => {
      pending.delete(req);
      release();
    });
  });
  io.engine.on('connection', (engineSocket: { request?: IncomingMessage }) => {
    const req = engineSocket.request;
    const release = req && pending.get(req);
    if (!release) return;
    pending.delete(req);
    release();
  });
}

const pending = new WeakMap<IncomingMessage, () => void>();
