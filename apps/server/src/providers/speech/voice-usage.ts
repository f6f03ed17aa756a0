import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { voiceUsage } from '../../db/schema';
import { weekStartDate } from '../translation/usage-meter';
import type { VoiceEngine, VoiceReport } from './church-voice';
import type { VoiceRequest } from './speech';
import type { SpeechError } from './speech-error';
import { voiceEngineStore } from './voice-engines';

/** Usage is written in one statement every few seconds, never one row per piece on the live path. */
const FLUSH_MS = 10_000;
/** A success is written to the engine's row at most this often (health is "last success", not a log). */
const OK_EVERY_MS = 60_000;

interface Sum { sermonId: string; churchId: string; engine: VoiceEngine['kind']; weekStart: string; characters: number; failures: number }

/**
 * What a church's voice spent and how its engines did (decision 040): characters per sermon and
 * engine into `voice_usage`, each engine's last success and error onto its row for Manage Church.
 */
export class VoiceUsage {
  private sums = new Map<string, Sum>();
  private lastOk = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'log'>) {}

  /** The report one church's voice makes (its time zone dates each sermon's week). */
  reportFor(churchId: string, timeZone: string): VoiceReport {
    return {
      spoke: (engine, request) => {
        this.add(churchId, timeZone, engine, request, 0);
        const key = `${churchId} ${engine.slot}`;
        if (Date.now() - (this.lastOk.get(key) ?? 0) < OK_EVERY_MS) return;
        this.lastOk.set(key, Date.now());
        void voiceEngineStore.recordHealth(this.ctx.db, churchId, engine.slot, engine.kind, null).catch(() => undefined);
      },
      failed: (engine, request, error: SpeechError) => {
        this.add(churchId, timeZone, engine, { ...request, text: '' }, 1);
        this.lastOk.delete(`${churchId} ${engine.slot}`);
        this.ctx.log.warn({ churchId, engine: engine.kind, slot: engine.slot, err: error.message }, 'voice engine failed');
        void voiceEngineStore.recordHealth(this.ctx.db, churchId, engine.slot, engine.kind, error.message).catch(() => undefined);
      },
    };
  }

  private add(churchId: string, timeZone: string, engine: VoiceEngine, request: VoiceRequest, failures: number): void {
    // A test of the settings speaks for no sermon and costs a sentence: not counted.
    if (!request.sermonId) return;
    const key = `${request.sermonId} ${engine.kind}`;
    const sum = this.sums.get(key) ?? { sermonId: request.sermonId, churchId, engine: engine.kind, weekStart: weekStartDate(timeZone), characters: 0, failures: 0 };
    // Engines bill the characters they spoke; a failed piece is counted as a failure only.
    sum.characters += request.text.length;
    sum.failures += failures;
    this.sums.set(key, sum);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what was counted so far (the cost view and Manage Church call it before reading). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = [...this.sums.values()];
    this.sums.clear();
    this.running = this.running.then(async () => {
      if (rows.length === 0) return;
      await this.ctx.db.insert(voiceUsage).values(rows).onConflictDoUpdate({
        target: [voiceUsage.sermonId, voiceUsage.engine],
        set: { characters: sql`${voiceUsage.characters} + excluded.characters`, failures: sql`${voiceUsage.failures} + excluded.failures` },
      });
    }).catch((err) => this.ctx.log.warn({ err }, 'voice usage could not be written'));
    return this.running;
  }
}

const meters = new WeakMap<object, VoiceUsage>();

/** The process's one voice usage meter for this app, written out on close. */
export function voiceUsageOf(ctx: Pick<AppContext, 'db' | 'log' | 'onClose'>): VoiceUsage {
  let meter = meters.get(ctx);
  if (!meter) {
    const created = new VoiceUsage(ctx);
    meters.set(ctx, created);
    ctx.onClose(() => created.flush());
    meter = created;
  }
  return meter;
}
