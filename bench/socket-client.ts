import type { ManagerOptions } from 'socket.io-client';

/**
 * The simulated phones share the server's two cores, where real phones do not: engine.io-client's
 * defaults (a new http.Agent per connection, a permessage-deflate offer the server declines) cost
 * each connection CPU that the server then lacked. Off in every benchmark client; what the server
 * receives and sends is unchanged.
 */
export const LEAN_CLIENT: Partial<ManagerOptions> = {
  agent: undefined,
  // Passed through to ws, which takes false; socket.io-client's type lists only the object form.
  perMessageDeflate: false as unknown as ManagerOptions['perMessageDeflate'],
};

/** A wall-clock time in ms with sub-millisecond precision, comparable across the benchmark's processes. */
export const now = () => performance.timeOrigin + performance.now();
