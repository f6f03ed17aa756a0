import type { LanguageCount, ListenerEntry, ListenerVoice, RemoteShare } from './room-types';

/**
 * Who listens to one live sermon, in which language and with which voice: counts, not lists of
 * work per listener, for this process and, as cluster.ts reports them, for the others; and from
 * them the languages to translate into and the voices to synthesise. No I/O here.
 */
export abstract class RoomAudience {
  abstract readonly sourceLanguage: string;

  readonly listeners = new Map<string, ListenerEntry>();
  /** Listeners whose connection dropped: they may come back within the recovery window. */
  readonly away = new Map<string, { entry: ListenerEntry; since: number }>();
  private readonly counts = new Map<string, LanguageCount>();
  /** What the other server processes of the cluster report for this sermon (cluster.ts). */
  private remoteShare: RemoteShare = { counts: {}, wanted: [], speaker: false };
  /** When each language was last wanted anywhere in the cluster. */
  private readonly lastWanted = new Map<string, number>();
  /** The church's caption feeds' languages (keepWanted). */
  private feedLanguages: readonly string[] = [];
  /** The counts changed since the speaker was last told them (a throttled state push). */
  countsDirty = false;

  get remote(): RemoteShare {
    return this.remoteShare;
  }

  /** The other processes' figures, as cluster.ts read them. */
  setRemote(share: RemoteShare, now: number): void {
    this.remoteShare = share;
    for (const l of share.wanted) this.lastWanted.set(l, now);
  }

  addListener(socketId: string, entry: ListenerEntry): void {
    this.removeListener(socketId);
    this.away.delete(socketId);
    this.listeners.set(socketId, entry);
    this.count(entry, +1);
  }

  removeListener(socketId: string): ListenerEntry | undefined {
    const entry = this.listeners.get(socketId);
    if (!entry) return undefined;
    this.listeners.delete(socketId);
    this.count(entry, -1);
    return entry;
  }

  /** Changes a listener's language or voice; returns the entry before the change. */
  updateListener(socketId: string, language: string, voice: ListenerVoice): ListenerEntry | undefined {
    const entry = this.listeners.get(socketId);
    if (!entry) return undefined;
    const before = { ...entry };
    this.count(entry, -1);
    entry.language = language;
    entry.voice = voice;
    this.count(entry, +1);
    return before;
  }

  markAway(socketId: string, now: number): void {
    const entry = this.removeListener(socketId);
    if (entry) this.away.set(socketId, { entry, since: now });
  }

  /** A listener back within the window: the same session goes on. */
  restore(socketId: string): ListenerEntry | undefined {
    const away = this.away.get(socketId);
    if (!away) return undefined;
    this.away.delete(socketId);
    this.listeners.set(socketId, away.entry);
    this.count(away.entry, +1);
    return away.entry;
  }

  /** Away listeners whose window has passed, removed. */
  takeExpiredAway(now: number, windowMs: number): Array<{ entry: ListenerEntry; since: number }> {
    const expired: Array<{ entry: ListenerEntry; since: number }> = [];
    for (const [socketId, away] of this.away) {
      if (now - away.since >= windowMs) {
        this.away.delete(socketId);
        expired.push(away);
      }
    }
    return expired;
  }

  /**
   * Languages translated with no listener, from the sermon's first line on: its church's caption
   * feeds (decision 037), known when the room opens and refreshed with its settings.
   */
  keepWanted(languages: readonly string[]): void {
    this.feedLanguages = languages.filter((l) => l !== this.sourceLanguage);
  }

  /**
   * Languages to translate into: those with a listener now, and those whose listener dropped
   * within the recovery window (so it finds its captions when it returns).
   */
  wantedLanguages(now: number, windowMs: number): string[] {
    for (const l of [...this.localWanted(now, windowMs), ...this.remote.wanted, ...this.feedLanguages]) this.lastWanted.set(l, now);
    // A language stays wanted for the recovery window after its last listener anywhere: listeners
    // of a process that stopped come back through another one a moment later, and must find their
    // captions translated (the same rule as for one listener away, above).
    const wanted: string[] = [];
    for (const [l, at] of this.lastWanted) {
      if (now - at < windowMs) wanted.push(l);
      else this.lastWanted.delete(l);
    }
    return wanted;
  }

  protected localWanted(now: number, windowMs: number): string[] {
    const wanted = new Set<string>();
    for (const [code, c] of this.counts) if (c.listeners > 0 || (c.screens ?? 0) > 0) wanted.add(code);
    for (const away of this.away.values()) if (now - away.since < windowMs) wanted.add(away.entry.language);
    return [...wanted];
  }

  /** This process's counts per language, copied: what it publishes to the others. */
  protected localCounts(): Record<string, LanguageCount> {
    const counts: Record<string, LanguageCount> = {};
    for (const [code, c] of this.counts) counts[code] = { ...c };
    return counts;
  }

  /** Server voices at least one listener of this language asked for. */
  voicesWanted(language: string): Array<'male' | 'female'> {
    const local = this.counts.get(language);
    const remote = this.remote.counts[language];
    const female = (local?.female ?? 0) + (remote?.female ?? 0);
    const male = (local?.male ?? 0) + (remote?.male ?? 0);
    const voices: Array<'male' | 'female'> = [];
    if (female > 0) voices.push('female');
    if (male > 0) voices.push('male');
    return voices;
  }

  /** Listeners per language in the whole cluster (this process plus what the others report). */
  listenerCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [code, c] of this.counts) if (c.listeners > 0) out[code] = c.listeners;
    for (const [code, c] of Object.entries(this.remote.counts)) if (c.listeners > 0) out[code] = (out[code] ?? 0) + c.listeners;
    return out;
  }

  /** This process's listeners of one language. */
  localListeners(language: string): number {
    return this.counts.get(language)?.listeners ?? 0;
  }

  /** People listening on this process (room screens left out). */
  get listenerTotal(): number {
    let n = 0;
    for (const entry of this.listeners.values()) if (!entry.projector) n++;
    return n;
  }

  private count(entry: ListenerEntry, delta: number): void {
    let c = this.counts.get(entry.language);
    if (!c) {
      c = { listeners: 0, male: 0, female: 0 };
      this.counts.set(entry.language, c);
    }
    if (entry.projector) c.screens = (c.screens ?? 0) + delta;
    else c.listeners += delta;
    if (entry.voice === 'male') c.male += delta;
    if (entry.voice === 'female') c.female += delta;
    if (c.listeners <= 0 && (c.screens ?? 0) <= 0) this.counts.delete(entry.language);
    this.countsDirty = true;
  }
}
