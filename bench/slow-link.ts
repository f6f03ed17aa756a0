/**
 * A poor connection for one phone (bench:voice): a loopback TCP proxy in front of the server that
 * gives everything the phone does — the page, its socket, the voice stream — one link of `kbps` each
 * way with `latencyMs` added to every byte, as a church's crowded Wi-Fi or a weak mobile signal
 * would. Every connection of the phone shares the link's rate, as they share a real one; bytes
 * queue behind each other (a router's buffer) and leave at the link's pace.
 */
import net from 'node:net';

export interface SlowLink {
  /** The phone's address for the server: http://127.0.0.1:port. */
  url: string;
  /** Bytes carried towards the phone so far. */
  bytesDown(): number;
  /** The link carries nothing towards the phone for `ms` (a Wi-Fi hiccup): what comes meanwhile waits, then follows. */
  stall(ms: number): void;
  close(): Promise<void>;
}

/** Slices a chunk is cut into, so a large one leaves the link a packet at a time. */
const PACKET = 1400;

/**
 * One direction of the link: each packet leaves when the ones before it have, then arrives latencyMs
 * later, in the order sent. One timer delivers them: a timer each could fire out of order when
 * packets are less than a millisecond apart (a fast link), which broke the HTTP stream it carried.
 */
class Direction {
  private freeAt = 0;
  private readonly queue: Array<{ at: number; packet: Buffer; to: net.Socket }> = [];
  private timer: NodeJS.Timeout | null = null;
  bytes = 0;
  constructor(private readonly bytesPerMs: number, private readonly latencyMs: number) {}

  send(chunk: Buffer, to: net.Socket): void {
    for (let i = 0; i < chunk.length; i += PACKET) {
      const packet = chunk.subarray(i, i + PACKET);
      this.freeAt = Math.max(performance.now(), this.freeAt) + packet.length / this.bytesPerMs;
      this.queue.push({ at: this.freeAt + this.latencyMs, packet, to });
    }
    this.deliverLater();
  }

  private deliverLater(): void {
    if (this.timer || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const now = performance.now();
      while (this.queue.length > 0 && this.queue[0]!.at <= now + 0.5) {
        const { packet, to } = this.queue.shift()!;
        this.bytes += packet.length;
        if (!to.destroyed) to.write(packet);
      }
      this.deliverLater();
    }, Math.max(0, this.queue[0]!.at - performance.now()));
  }

  /** Nothing leaves for `ms` from now. */
  stall(ms: number): void {
    this.freeAt = Math.max(performance.now(), this.freeAt) + ms;
  }

  /** When everything queued so far has arrived. */
  drainedIn(): number {
    return Math.max(0, this.freeAt + this.latencyMs - performance.now());
  }
}

export async function startSlowLink(target: string, opts: { kbps: number; latencyMs: number }): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const bytesPerMs = (opts.kbps * 1000) / 8 / 1000;
  const down = new Direction(bytesPerMs, opts.latencyMs);
  const up = new Direction(bytesPerMs, opts.latencyMs);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((phone) => {
    const toServer = net.connect(Number(port), hostname);
    sockets.add(phone);
    sockets.add(toServer);
    phone.on('data', (chunk) => up.send(chunk, toServer));
    toServer.on('data', (chunk) => down.send(chunk, phone));
    // A side that closes closes the other once what it sent has crossed the link.
    const closeLater = (from: Direction, other: net.Socket) => () => setTimeout(() => other.destroy(), from.drainedIn() + 1);
    phone.on('close', closeLater(up, toServer));
    toServer.on('close', closeLater(down, phone));
    phone.on('error', () => toServer.destroy());
    toServer.on('error', () => phone.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    bytesDown: () => down.bytes,
    stall: (ms) => down.stall(ms),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
