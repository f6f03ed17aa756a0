/** How long an engine that failed is passed over, the other one speaking at once (a wrong key, a server down). */
export const PASS_OVER_MS = 30_000;

/**
 * The order a church's voice engines are tried in for one piece (decision 040): first then second,
 * except that an engine which failed less than PASS_OVER_MS ago goes last, so pieces do not each
 * wait out a dead engine's retries while the other engine could speak. With both failing recently,
 * the one that failed longest ago goes first.
 */
export function engineOrder(failedAt: ReadonlyArray<number | null>, now: number): number[] {
  const recent = (i: number) => failedAt[i] != null && now - failedAt[i]! < PASS_OVER_MS;
  const order = failedAt.map((_, i) => i);
  const fresh = order.filter((i) => !recent(i));
  const passed = order.filter(recent).sort((a, b) => failedAt[a]! - failedAt[b]!);
  return [...fresh, ...passed];
}
