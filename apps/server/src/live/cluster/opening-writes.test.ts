import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { connectLive, listen, request } from '../../../test/helpers/live-kit';

let t: TestApp;
let baseUrl: string;
/** Writes the server made on each upgraded connection (write and writev calls on its socket). */
const writes: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.server.prependListener('upgrade', (_req, socket: Socket) => {
    const index = writes.push(0) - 1;
    const writev = socket._writev?.bind(socket);
    const write = socket._write.bind(socket);
    socket._write = (...args: Parameters<Socket['_write']>) => {
      writes[index]!++;
      return write(...args);
    };
    if (writev) {
      socket._writev = (...args: Parameters<NonNullable<Socket['_writev']>>) => {
        writes[index]!++;
        return writev(...args);
      };
    }
  });
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Sends a WebSocket upgrade for Engine.IO by hand and collects what comes back until `until` is seen. */
function rawUpgrade(path: string, until: RegExp): Promise<{ chunks: string[]; closedByServer: boolean }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write([
        `GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 13', '', '',
      ].join('\r\n'));
    });
    socket.on('data', (data) => {
      chunks.push(data.toString('latin1'));
      if (until.test(chunks.join(''))) {
        socket.destroy();
        resolve({ chunks, closedByServer: false });
      }
    });
    socket.on('end', () => resolve({ chunks, closedByServer: true }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve({ chunks, closedByServer: false });
    }, 2000);
  });
}

describe('opening a live connection', () => {
  it('sends the upgrade answer and the open packet in one write', async () => {
    writes.length = 0;
    const { chunks } = await rawUpgrade('/socket.io/?EIO=4&transport=websocket', /"sid"/);
    const all = chunks.join('');
    expect(all).toMatch(/^HTTP\/1\.1 101 Switching Protocols/);
    expect(all).toContain('0{"sid"');
    expect(writes).toEqual([1]);
  });

  it('closes a connection Engine.IO refuses after the upgrade at once, and a live client joins as before', async () => {
    // An Engine.IO 3 client (Socket.IO 2) is refused only after the upgrade: nothing is held for it.
    const { chunks, closedByServer } = await rawUpgrade('/socket.io/?EIO=3&transport=websocket', /"sid"/);
    expect(closedByServer).toBe(true);
    expect(chunks.join('')).not.toContain('"sid"');

    const socket = await connectLive(baseUrl);
    const ack = await request(socket, 'listener:join', { broadcastId: 'nope', language: 'es', voice: 'none', lastSeq: 0 });
    expect(ack.ok).toBe(false);
    socket.disconnect();
  });
});
