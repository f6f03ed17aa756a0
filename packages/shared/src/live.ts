/**
 * Live sermon contracts: REST bodies and the Socket.IO namespace `/live` (ARCHITECTURE.md section 5).
 * Every incoming socket payload is parsed with these schemas before use.
 *
 * How the namespace behaves (apps/server/src/live):
 * - Authentication: the `sid` cookie of the handshake. Guests connect too; `listener:join` refuses
 *   them (`guests_not_allowed`) where the church does not allow guests. A church turning guests off
 *   during a sermon: its guests get `live:error` `guests_not_allowed`, then are disconnected.
 * - A guest's phone is given a signed device (cookie `listener_device`) on its first connection.
 *   A device holding LISTEN_PER_DEVICE connections already, or an account holding
 *   LISTEN_PER_ACCOUNT, or an address whose guests hold LISTEN_PER_ADDRESS, is refused at
 *   connection: `connect_error` with `data.code` `too_many_connections` and `data.retryAfter`
 *   (seconds): try again after it (decision 048). `auth.connection`: the page's own name for its
 *   connection, kept through reconnections, so that coming back takes its earlier place over.
 * - Every client → server event takes an acknowledgement callback answered with `LiveAck`. Without
 *   one, a refusal arrives as a `live:error` event instead. A message over `LIVE_PAYLOAD_LIMIT_BYTES`
 *   is answered `too_large`; one over the transport limit (64 KB) closes that connection.
 * - `caption`: to the room of one language. `final: false` is the line still being said, in full
 *   so far (not a change to apply): the recogniser's interim text for the spoken language, a partial
 *   translation for the others (decision 030). It comes volatile, may be skipped, and is replaced
 *   by a later one of the same seq and by the final caption of that seq (show it as in progress,
 *   after the finals; never speak it or keep it). Final captions go to every language with
 *   listeners, translated ONCE per segment.
 *   `provider` is 'source' (the spoken words), the engine that translated it ('azure', 'deepl',
 *   'google', 'libretranslate', 'openai'), 'demo' (label it "demo translation") or 'untranslated'
 *   (every engine failed: the original text, so nothing is lost). `audio` carries the
 *   URLs of synthesised voices someone in that room asked for (`sermonAudioPath`); the URL may be
 *   fetched at once, it waits for a synthesis in progress. No separate audio event.
 * - A caption's seq can arrive twice (after a reconnection, in an ack's catch-up and as an event):
 *   keep one per seq, in seq order.
 * - `sermon:state`: to everyone when the status (live/paused) or the speaker's connection changes;
 *   to the speaker also when listener counts or minutes left change (at most about once a second).
 * - `sermon:warning` (speaker): 5 minutes of the weekly allowance left. `sermon:ended`: to everyone,
 *   with the reason; the server then removes every socket from the sermon's rooms.
 * - `live:error` `translation_failed` (speaker): "Translation error occurred"; listeners got the
 *   original text marked 'untranslated'.
 * - Reconnection: Socket.IO connection-state recovery (2 minutes) replays missed events; a client that
 *   joins again sends `lastSeq` and gets every later caption in the ack.
 * - A server process stopping (deploy, restart) closes the transport: clients see "transport close"
 *   and reconnect by themselves, to another process or the restarted one, with their session. The
 *   server never uses a Socket.IO disconnect ("io server disconnect") for that. With several
 *   processes and no sticky sessions, use the WebSocket transport (long-polling needs stickiness).
 */
/** Largest socket message answered with an error rather than a dropped connection. */
export const LIVE_PAYLOAD_LIMIT_BYTES = 16 * 1024;

// The contracts, by concern, in the files beside this one; re-exported so that importers of
// './live' (and the package index) need no change.
export * from './live-sermon';
export * from './live-rest';
export * from './live-speaker';
export * from './live-listener';
export * from './live-server-events';
