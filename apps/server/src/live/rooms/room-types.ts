import type { Caption, TranslatorKind } from '@app/shared';

/**
 * What a live sermon holds in memory, as data: its listeners, its lines and their translations,
 * its languages, and the figures the processes of a cluster share (sermon-room.ts holds them).
 */

export type ListenerVoice = 'male' | 'female' | 'none' | 'device';
export type CaptionProvider = Caption['provider'];

export interface Translation {
  text: string;
  provider: CaptionProvider;
}

export interface ListenerEntry {
  sessionId: string;
  userId: string | null;
  language: string;
  voice: ListenerVoice;
  /** A room's screen (docs/decisions/019): its language is translated, but it is nobody listening. */
  projector?: boolean;
}

export interface RoomSegment {
  /** transcript_segments.id (made here so translations can be queued before the row is written). */
  id: string;
  seq: number;
  text: string;
  at: number;
  /** When the line's first words were heard (its first interim text; `at` for a typed line): decision 037. */
  spokenAt?: number;
  /** performance.now() when the speaker's line reached this process: caption delivery time is measured from it (decision 035). */
  receivedAt: number;
  translations: Map<string, Translation>;
  /** Translations on their way: a listener joining meanwhile waits for them instead of asking again. */
  pending: Map<string, Promise<Translation>>;
}

export interface RoomLanguage {
  code: string;
  name: string;
  nativeName: string;
  rtl: boolean;
  /** BCP-47 locale for SSML; null when neither the language nor its voices say. */
  locale: string | null;
  maleVoiceId: string | null;
  femaleVoiceId: string | null;
}

export interface LanguageCount {
  /** People: a room's screen is not one (it is counted in `screens`). */
  listeners: number;
  male: number;
  female: number;
  /** Room screens showing the language: it is still translated for them. */
  screens?: number;
}

/**
 * The sentence the speaker is saying, as each language's listeners are shown it so far (decision
 * 030): what a listener joining mid-sentence is given.
 */
export interface CurrentPartial {
  seq: number;
  /** Language → text shown; the spoken language's is the recogniser's interim text. */
  texts: Record<string, string>;
  /** The church's first engine: the partial's label, as a final's provider names its engine (decision 033). */
  provider: TranslatorKind;
}

/** One process's share of a sermon, as published to the others (or their sum, as read back). */
export interface RemoteShare {
  counts: Record<string, LanguageCount>;
  wanted: string[];
  speaker: boolean;
  /** From the process holding the speaker. */
  partial?: CurrentPartial | null;
}
