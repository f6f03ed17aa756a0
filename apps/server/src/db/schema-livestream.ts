import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LivestreamFeedKind, OverlayStyle } from '@app/shared';
import { churches, sermons } from './schema';

/**
 * Where a church's live captions are posted (decision 037): YouTube's caption ingestion URL or
 * Zoom's caption API URL, each carrying one language. The URL holds the stream's secret key, so
 * it is an AES-GCM box (lib/crypto.ts) and never leaves the server after saving.
 */
export const livestreamFeeds = pgTable('livestream_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  churchId: uuid('church_id').notNull().references(() => churches.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<LivestreamFeedKind>().notNull(),
  language: text('language').notNull(),
  urlEnc: text('url_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One feed's last post for one sermon, written before it leaves: its seq, its captions, and the
 * caption position after them. A process taking over sends it again with the same seq (YouTube
 * reads that as a retry, so nothing repeats) and continues after it (nothing is skipped). The
 * lease names the one process posting (decision 037).
 */
export const livestreamProgress = pgTable('livestream_progress', {
  feedId: uuid('feed_id').notNull().references(() => livestreamFeeds.id, { onDelete: 'cascade' }),
  sermonId: uuid('sermon_id').notNull().references(() => sermons.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  /** JSON of caption-policy.ts QueuedCaption[]; empty for a heartbeat. */
  lastPost: text('last_post'),
  /** Segment seq and characters of it posted once the last post is through. */
  toSeq: integer('to_seq').notNull().default(0),
  toChars: integer('to_chars').notNull().default(0),
  owner: text('owner'),
  leaseUntil: bigint('lease_until', { mode: 'number' }).notNull().default(0),
  lastError: text('last_error'),
}, (t) => [primaryKey({ columns: [t.feedId, t.sermonId] })]);

/** A church's OBS caption overlay: its unguessable link (hashed for lookup, boxed to show again) and look. */
export const churchOverlays = pgTable('church_overlays', {
  churchId: uuid('church_id').primaryKey().references(() => churches.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenEnc: text('token_enc').notNull(),
  style: jsonb('style').$type<OverlayStyle>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
