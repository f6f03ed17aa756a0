import { sql } from 'drizzle-orm';
import type { EngineSlot, TranslationEngineKind } from '@app/shared';
import { wallClockOf } from '@app/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { translationEngineHealth, translationUsage } from '../../db/schema';
import { nextWeekStart, weekStart } from '../../lib/church-week';

/**
 * What each church's engines were sent and how they answered (decision 033): sums per church, week,
 * engine and purpose, and each engine's recent latency and last error, kept in memory and written
 * every few seconds as one statement per table (never one row per caption on the live path).
 * Every process writes its own sums; the database adds them up, so the cost view and Manage
 * Church's engine health are the same whichever process answers.
 */

export interface EngineCall {
  churchId: string;
  timeZone: string;
  slot: EngineSlot;
  engine: TranslationEngineKind;
  purpose: 'partial' | 'final';
  /** Characters (every target counted) or the model's tokens billed, even by a call that partly failed. */
  units: number;
  ok: boolean;
  latencyMs: number;
  /** The engine's error, in its own words (no key is ever in it). */
  error?: string;
  at?: Date;
}

interface Sum { churchId: string; weekStart: string; engine: TranslationEngineKind; purpose: 'partial' | 'final'; units: number; requests: number; failures: number }
interface Health {
  churchId: string; slot: EngineSlot; kind: TranslationEngineKind;
  latencies: number[]; lastOkAt: Date | null; lastError: string | null; lastErrorAt: Date | null; dirty: boolean;
}

/** Recent successful calls whose median is the engine's "recent latency". */
const LATENCY_WINDOW = 20;
const FLUSH_MS = 5000;

/** The church's week as the date of its Monday in its time zone (YYYY-MM-DD), as usage rows key it. */
export function weekStartDate(timeZone: string, at: Date = new Date()): string {
  const start = wallClockOf(weekStart(timeZone, at), timeZone);
  return `${start.year}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor((s.length - 1) / 2)]!);
};

export class UsageMeter {
  private sums = new Map<string, Sum>();
  private health = new Map<string, Health>();
  private weeks = new Map<string, { date: string; until: number }>();
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db, private readonly onError: (err: unknown) => void, flushEveryMs = FLUSH_MS) {
    if (flushEveryMs > 0) {
      this.timer = setInterval(() => void this.flush(), flushEveryMs);
      this.timer.unref();
    }
  }

  /** The church's week (its Monday as a date in its time zone), computed once a week per zone. */
  private weekOf(timeZone: string, at: Date): string {
    const cached = this.weeks.get(timeZone);
    if (cached && at.getTime() < cached.until && at.getTime() >= cached.until - 7 * 86_400_000 - 3_600_000) return cached.date;
    const date = weekStartDate(timeZone, at);
    this.weeks.set(timeZone, { date, until: nextWeekStart(timeZone, at).getTime() });
    return date;
  }

  record(call: EngineCall): void {
    const at = call.at ?? new Date();
    const week = this.weekOf(call.timeZone, at);
    this.addSum({
      churchId: call.churchId, weekStart: week, engine: call.engine, purpose: call.purpose,
      units: Math.round(call.units), requests: 1, failures: call.ok ? 0 : 1,
    });

    const hKey = `${call.churchId}|${call.slot}|${call.engine}`;
    let h = this.health.get(hKey);
    if (!h) this.health.set(hKey, (h = { churchId: call.churchId, slot: call.slot, kind: call.engine, latencies: [], lastOkAt: null, lastError: null, lastErrorAt: null, dirty: false }));
    if (call.ok) {
      h.latencies.push(call.latencyMs);
      if (h.latencies.length > LATENCY_WINDOW) h.latencies.shift();
      h.lastOkAt = at;
    } else {
      h.lastError = (call.error ?? 'failed').slice(0, 500);
      h.lastErrorAt = at;
    }
    h.dirty = true;
  }

  private addSum(add: Sum): void {
    const key = `${add.churchId}|${add.weekStart}|${add.engine}|${add.purpose}`;
    const sum = this.sums.get(key);
    if (!sum) {
      this.sums.set(key, { ...add });
      return;
    }
    sum.units += add.units;
    sum.requests += add.requests;
    sum.failures += add.failures;
  }

  /** Writes what was gathered so far; resolves when it is stored. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.write()).catch(this.onError);
    return this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    const sums = [...this.sums.values()];
    const health = [...this.health.values()].filter((h) => h.dirty);
    this.sums.clear();
    for (const h of health) h.dirty = false;
    if (sums.length > 0) {
      try {
        await this.db.insert(translationUsage).values(sums).onConflictDoUpdate({
          target: [translationUsage.churchId, translationUsage.weekStart, translationUsage.engine, translationUsage.purpose],
          set: {
            units: sql`${translationUsage.units} + excluded.units`,
            requests: sql`${translationUsage.requests} + excluded.requests`,
            failures: sql`${translationUsage.failures} + excluded.failures`,
          },
        });
      } catch (err) {
        // Put the sums back so the next flush writes them (a church deleted meanwhile is dropped then too).
        for (const s of sums) this.addSum(s);
        throw err;
      }
    }
    if (health.length > 0) {
      const now = new Date();
      await this.db.insert(translationEngineHealth).values(health.map((h) => ({
        churchId: h.churchId, slot: h.slot, kind: h.kind, latencyMs: median(h.latencies),
        lastOkAt: h.lastOkAt, lastError: h.lastError, lastErrorAt: h.lastErrorAt, updatedAt: now,
      }))).onConflictDoUpdate({
        target: [translationEngineHealth.churchId, translationEngineHealth.slot, translationEngineHealth.kind],
        // Another process may have seen a later call: keep whichever is newer.
        set: {
          latencyMs: sql`coalesce(excluded.latency_ms, ${translationEngineHealth.latencyMs})`,
          lastOkAt: sql`greatest(excluded.last_ok_at, ${translationEngineHealth.lastOkAt})`,
          lastError: sql`case when excluded.last_error_at > coalesce(${translationEngineHealth.lastErrorAt}, '-infinity') then excluded.last_error else ${translationEngineHealth.lastError} end`,
          lastErrorAt: sql`greatest(excluded.last_error_at, ${translationEngineHealth.lastErrorAt})`,
          updatedAt: now,
        },
      });
    }
  }

  /** Forget an engine's health in this process (its settings changed: old errors no longer apply). */
  forget(churchId: string, slot: EngineSlot): void {
    for (const [key, h] of this.health) if (h.churchId === churchId && h.slot === slot) this.health.delete(key);
  }
}

const meters = new WeakMap<AppContext, UsageMeter>();

/** The process's meter for this app, flushed on close. */
export function usageMeterOf(ctx: AppContext): UsageMeter {
  let meter = meters.get(ctx);
  if (!meter) {
    const created = new UsageMeter(ctx.db, (err) => ctx.log.warn({ err }, 'translation usage not written; kept for the next try'));
    meters.set(ctx, created);
    ctx.onClose(() => created.close());
    meter = created;
  }
  return meter;
}
