/**
 * How far the server's clock is ahead of this device's (ms; negative: behind), from one round trip:
 * the server answered at `serverNow`, taken to be halfway between sending and receiving (as NTP
 * reckons it). A line's time measured here is sent as `local + offset` (decision 044).
 */
export function clockOffset(sentAt: number, receivedAt: number, serverNow: number): number {
  return Math.round(serverNow - (sentAt + receivedAt) / 2);
}
