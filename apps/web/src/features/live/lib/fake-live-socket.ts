import { vi } from 'vitest';
import type { LiveSocket } from './live-socket';

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for the `/live` socket in screen tests: records what the screen emits, answers acks
 * with what the test sets, and lets the test play the server's events.
 */
export class FakeLiveSocket {
  private handlers = new Map<string, Handler[]>();
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  /** Ack answers by event name; default `{ ok: true }`. */
  answers: Record<string, (payload: unknown) => unknown> = {};
  connected = false;
  recovered = false;
  active = true;
  readonly io = { on: vi.fn(), removeAllListeners: vi.fn() };

  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  off(event: string, fn: Handler) {
    this.handlers.set(event, (this.handlers.get(event) ?? []).filter((h) => h !== fn));
    return this;
  }
  /** Handlers registered for an event (a shared socket must be given back without the screen's). */
  listening(event: string) {
    return this.handlers.get(event)?.length ?? 0;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload });
    ack?.(this.answer(event, payload));
    return true;
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, cb: (err: Error | null, answer: unknown) => void) => {
        this.emitted.push({ event, payload });
        const answer = this.answer(event, payload);
        void Promise.resolve().then(() => cb(null, answer));
      },
    };
  }
  /** Plays a server event (or `connect` / `disconnect`) to the screen. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
  asSocket() {
    return this as unknown as LiveSocket;
  }
  private answer(event: string, payload: unknown) {
    return this.answers[event]?.(payload) ?? { ok: true };
  }
}
