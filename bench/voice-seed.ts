/**
 * bench:voice's church: the live benchmarks' church (live-seed.ts) with a speech key and each
 * listening language's voices, which the voice needs and live-seed.ts does not write (until it
 * grows that option, see the report of bench/voice.ts). Loaded into each bench server with
 * `--import` (bench/voice.ts): it registers a resolve hook that hands live-server.ts this
 * module in place of ./live-seed, so the server start-up of bench/live-servers.ts is reused as is.
 */
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq, and } from 'drizzle-orm';
import { findListeningLanguage } from '@app/shared';
import type { AppContext } from '../apps/server/src/context';
import { churchLanguages } from '../apps/server/src/db/schema';
import { useAzureKeys } from '../apps/server/test/helpers/live-kit';
import { MOCK_SPEECH_KEY } from '../apps/server/test/mock-azure';
import { seedLiveChurch as seedChurch } from './live-seed';

export * from './live-seed';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The benchmark church, able to speak: the mock speech key and the product's default voices. */
export async function seedLiveChurch(ctx: AppContext, languages: string[], glossary = 0): Promise<{ churchId: string; cookie: string }> {
  const seeded = await seedChurch(ctx, languages, glossary);
  await useAzureKeys(ctx, seeded.churchId, { speechKey: MOCK_SPEECH_KEY });
  for (const code of languages) {
    const known = findListeningLanguage(code);
    if (!known) continue;
    await ctx.db.update(churchLanguages)
      .set({ maleVoiceId: known.maleVoice, femaleVoiceId: known.femaleVoice })
      .where(and(eq(churchLanguages.churchId, seeded.churchId), eq(churchLanguages.code, code)));
  }
  return seeded;
}

// Runs in the loader thread: live-server.ts's `./live-seed` becomes this file; every other import
// (this file's own `./live-seed` included) resolves as before.
const HOOK = `
let seed, server;
export function initialize(data) { seed = data.seed; server = data.server; }
export async function resolve(specifier, context, next) {
  if (specifier === './live-seed' && context.parentURL === server) return next(seed, context);
  return next(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(HOOK)}`, {
  data: { seed: pathToFileURL(path.join(here, 'voice-seed.ts')).href, server: pathToFileURL(path.join(here, 'live-server.ts')).href },
});

