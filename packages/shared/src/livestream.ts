import { z } from 'zod';
import { msg } from './validation';

/**
 * The service online (decision 037): live captions posted to YouTube or Zoom, the OBS caption
 * overlay, and subtitle files of an ended sermon.
 *
 * Endpoints (all under /api/v1):
 *   GET    /churches/:id/livestream                 (church:edit) → livestreamSettings
 *   POST   /churches/:id/livestream/feeds           (church:edit) newFeedBody → livestreamSettings
 *   DELETE /churches/:id/livestream/feeds/:feedId   (church:edit) → livestreamSettings
 *   PUT    /churches/:id/livestream/overlay         (church:edit) overlayStyle → livestreamSettings
 *   POST   /churches/:id/livestream/overlay/renew   (church:edit) → livestreamSettings (a new link)
 *   GET    /overlay/:token                          (public) → overlayAnswer
 *   GET    /sermons/:id/subtitles.vtt|.srt?lang=&offset=  (sermon readers) → the file
 *   GET    /sermons/:id/timeline?lang=              (sermon readers) → sermonTimeline
 */

export const livestreamFeedKinds = ['youtube', 'zoom'] as const;
export type LivestreamFeedKind = (typeof livestreamFeedKinds)[number];
/** YouTube takes one caption track per stream; a church that streams twice adds a second. */
export const MAX_LIVESTREAM_FEEDS = 2;

/** A caption URL's shape; the addresses it may reach are the server's rule (decisions 041 and 051). */
export const captionUrlField = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(1000, msg('tooLong'))
  .refine((v) => {
    const m = /^https?:\/\/([^\s/?#@]+?)(?::\d{1,5})?(?:[/?][^\s#]*)?$/i.exec(v);
    return m !== null;
  }, msg('livestreamUrlInvalid'));

export const newFeedBody = z.object({
  kind: z.enum(livestreamFeedKinds),
  language: z.string().trim().min(2).max(20),
  url: captionUrlField,
});
export type NewFeedBody = z.infer<typeof newFeedBody>;

export const livestreamFeed = z.object({
  id: z.uuid(),
  kind: z.enum(livestreamFeedKinds),
  language: z.string(),
  /** Masked: the host and the last four characters; the URL itself never comes back. */
  url: z.string(),
  createdAt: z.string(),
});
export type LivestreamFeed = z.infer<typeof livestreamFeed>;

export const overlayPositions = ['bottom', 'top', 'middle'] as const;
export const overlayFonts = ['sans', 'serif', 'rounded', 'mono'] as const;

export const overlayStyle = z.object({
  languages: z.array(z.string().min(2).max(20)).min(1).max(2),
  font: z.enum(overlayFonts),
  /** Text height in pixels of a 1080-pixel-high canvas (OBS scales the browser source). */
  size: z.number().int().min(16).max(120),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** A box behind the text, or none (plain text with an outline). */
  background: z.enum(['box', 'none']),
  position: z.enum(overlayPositions),
});
export type OverlayStyle = z.infer<typeof overlayStyle>;

export const livestreamSettings = z.object({
  feeds: z.array(livestreamFeed),
  overlay: z.object({ style: overlayStyle, url: z.string() }),
});
export type LivestreamSettings = z.infer<typeof livestreamSettings>;

export const feedParams = z.object({ id: z.uuid(), feedId: z.uuid() });
export const overlayParams = z.object({ token: z.string().min(20).max(100) });

export const overlayQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

/**
 * What the overlay page reads, about once a second: its look, whether a sermon is live, and the
 * newest final captions after `after` in its languages. Nothing else of the church.
 */
export const overlayAnswer = z.object({
  style: overlayStyle,
  live: z.boolean(),
  /** A new sermon starts its seq from 1 again: the page starts over when this changes. */
  sermonId: z.uuid().nullable(),
  captions: z.array(z.object({ seq: z.number().int(), language: z.string(), text: z.string() })),
});
export type OverlayAnswer = z.infer<typeof overlayAnswer>;

/** Where an overlay page lives (served by the listener entry). */
export const overlayPath = (token: string) => `/overlay/${token}`;

export const subtitleQuery = z.object({
  lang: z.string().min(2).max(20),
  /** Seconds the recording started before the sermon (added to every cue time). */
  offset: z.coerce.number().min(-36_000).max(36_000).default(0),
});

export const timelineQuery = z.object({ lang: z.string().min(2).max(20) });

export const timelineLine = z.object({
  seq: z.number().int(),
  /** Seconds from the sermon's start to when the line's words were said. */
  at: z.number(),
  text: z.string(),
  /** Where the translated voice of this line is served, when a clip was made. */
  audio: z.string().nullable(),
});

export const sermonTimeline = z.object({
  sermonId: z.uuid(),
  /** The service's title (decision 019) and the preacher, for the page's header; null when unknown. */
  title: z.string().nullable().optional(),
  hostName: z.string().nullable().optional(),
  startedAt: z.string(),
  status: z.enum(['live', 'paused', 'ended']),
  language: z.string(),
  /** Languages the sermon was heard in (the spoken one first). */
  languages: z.array(z.string()),
  lines: z.array(timelineLine),
});
export type SermonTimeline = z.infer<typeof sermonTimeline>;

/** A live warning to the speaker: one of the church's caption feeds is failing (never stops the sermon). */
export const livestreamWarningEvent = 'livestream:warning';
export const livestreamWarning = z.object({
  feedId: z.uuid(),
  kind: z.enum(livestreamFeedKinds),
  language: z.string(),
  /** null: the feed works again. */
  problem: z.enum(['rejected', 'server_error', 'timeout', 'bad_url']).nullable(),
  status: z.number().int().nullable(),
});
export type LivestreamWarning = z.infer<typeof livestreamWarning>;
