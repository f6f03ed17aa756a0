import type { Clock } from './clock';
import type { LiveParts } from './live-parts';
import { endAbandonedSermons, resumeAfterRestart } from './cluster/recovery';

/**
 * The live pipeline's timers and its start and stop: each tick shares this process's figures with
 * the cluster, charges minutes, writes heartbeats, reads church settings again and ends the
 * sermons that are over; a stop writes what is pending and leaves sermons live for another
 * process or a restart (ARCHITECTURE.md, "Scale-out").
 */
export class LiveUpkeep {
  private interval: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private lastSweepAt = 0;
  private started = false;

  constructor(private readonly parts: LiveParts) {}

  private get clock(): Clock {
    return this.parts.core.options.clock;
  }

  /** Replaces the clock (tests); sermons in memory continue from the new clock's now. */
  useClock(clock: Clock): void {
    this.parts.core.options.clock = clock;
    const now = clock.now();
    for (const room of this.parts.registry.all()) {
      room.lastAccrualAt = now;
      room.lastPersistAt = now;
      if (room.speakerAwaySince !== null) room.speakerAwaySince = now;
    }
  }

  /** Ends abandoned sermons, resumes this process's own (alone), then starts the timers. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { core, registry, accounting } = this.parts;
    await endAbandonedSermons(core, registry, accounting);
    await resumeAfterRestart(core, registry);
    this.lastSweepAt = this.clock.now();
    this.interval = setInterval(() => void this.tick(), core.options.tickMs);
    this.interval.unref();
  }

  /** Stops timers and writes what is pending. Sermons stay live: another process or a restart serves them. */
  async close(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.ticking;
    const { registry, recognition, stream, log, cluster, writer, voiceStreams } = this.parts;
    const now = this.clock.now();
    const all = registry.all();
    // Translations on their way still reach every listener (through the adapter) before the stop.
    await recognition.close();
    await Promise.all(all.map((r) => r.emitChain));
    for (const room of all) stream.accrue(room, now);
    try {
      await stream.persist(all, now);
    } catch (err) {
      log.error({ err }, 'could not store heartbeats at shutdown');
    }
    await cluster.forget(all.map((r) => r.id));
    await writer.close();
    voiceStreams.close();
  }

  /** Shares cluster figures, checks timers, writes heartbeats, pushes counts. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    const { core, registry, cluster, stream, accounting, log } = this.parts;
    const { options } = core;
    try {
      const now = this.clock.now();
      const all = registry.all();
      await cluster.share(all, now, options.listenerRecoveryMs);
      for (const room of all) stream.accrue(room, now);
      const due = new Set(all.filter((r) => now - r.lastPersistAt >= options.heartbeatMs).map((r) => r.churchId));
      for (const churchId of due) {
        const live = registry.ofChurch(churchId);
        await stream.refresh(churchId, live, now);
        for (const room of live) await registry.loadSettings(room);
      }
      for (const room of all) if (!room.ending) await accounting.check(room, now);
      if (now - this.lastSweepAt >= options.heartbeatMs) {
        this.lastSweepAt = now;
        await endAbandonedSermons(core, registry, accounting);
      }
    } catch (err) {
      log.error({ err }, 'live tick failed');
    }
  }
}
