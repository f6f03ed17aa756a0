/**
 * The live benchmarks' church: its translator the (mock) Azure one, its listening languages, a speaker
 * signed in, and optionally N glossary entries. Used by bench/live-server.ts and bench/backup-server.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context';
import { seedDemoData } from '../apps/server/src/seed/seed';
import { ensureStarterGlossary } from '../apps/server/src/modules/glossary/starter';
import { churches, churchLanguages, glossaryEntries, users } from '../apps/server/src/db/schema';
import { termKey } from '../apps/server/src/lib/glossary-matcher';
import { newReferralCode } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { createSession, SESSION_COOKIE } from '../apps/server/src/lib/session';
import { MOCK_TRANSLATOR_KEY } from '../apps/server/test/mock-azure';

/** The church, its languages and its speaker; answers the church and the speaker's cookie. */
export async function seedLiveChurch(ctx: AppContext, languages: string[], glossary = 0): Promise<{ churchId: string; cookie: string }> {
  const [church] = await ctx.db.insert(churches).values({
    name: 'Benchmark Church', address: '1 Bench Street', suburb: 'Sydney', state: 'New South Wales', country: 'Australia',
    contactNumber: '0299990000', pastorName: 'Pat Pastor', pastorPhone: '0411111111',
    weeklyStreamLimitMinutes: 100_000, guestsMayListen: true,
    translatorKeyEnc: ctx.secrets.encrypt(MOCK_TRANSLATOR_KEY), translatorLocation: 'australiaeast',
  }).returning();
  await ctx.db.insert(churchLanguages).values([
    { churchId: church!.id, list: 'go_live' as const, code: 'en', name: 'English' },
    ...languages.map((code) => ({ churchId: church!.id, list: 'join_live' as const, code, name: code })),
  ]);
  const [speaker] = await ctx.db.insert(users).values({
    email: 'speaker@bench.local', passwordHash: await hashPassword('bench-password'), role: 'staff',
    churchId: church!.id, firstName: 'Bench', lastName: 'Speaker', referralCode: newReferralCode(),
  }).returning();
  await seedGlossary(ctx, church!.id, languages, glossary);
  return { churchId: church!.id, cookie: `${SESSION_COOKIE}=${await createSession(ctx.db, speaker!.id)}` };
}

/**
 * `--glossary N`: N church glossary entries (every other one `fixed` in every language), on top of
 * the starter glossary every run has, to show matching time does not grow with the glossary.
 */
async function seedGlossary(ctx: AppContext, churchId: string, languages: string[], count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const term = `Elder${i} Member${i}`;
    const fixed = i % 2 === 0;
    return {
      churchId, language: 'en', term, termKey: termKey(term), kind: fixed ? ('fixed' as const) : ('keep' as const),
      translations: fixed ? Object.fromEntries(languages.map((code) => [code, `${term} ${code}`])) : {}, heardAs: [`Elda${i} Member${i}`],
    };
  });
  for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(glossaryEntries).values(rows.slice(i, i + 500));
}

/**
 * BENCH_SEED=demo (the lobby herd, bench/herd.ts): the product's demo data as a first start writes it
 * (the demo translator, Harbour City Church and its standing join code), the speaker being its staff
 * member.
 */
export async function seedDemoChurch(ctx: AppContext): Promise<{ churchId: string; joinCode: string | null; languages: string[]; cookie: string }> {
  await seedDemoData(ctx.db);
  // A server that has run before has its starter glossary (written once per database, at the first
  // glossary read ever): not the first Sunday morning's work of a fresh benchmark database.
  await ensureStarterGlossary(ctx.db);
  const [church] = await ctx.db.select().from(churches).where(eq(churches.joinCode, 'HARBOUR'));
  const [speaker] = await ctx.db.select().from(users).where(eq(users.email, 'staff@demo.church'));
  const offered = await ctx.db.select({ code: churchLanguages.code }).from(churchLanguages)
    .where(and(eq(churchLanguages.churchId, church!.id), eq(churchLanguages.list, 'join_live')));
  return {
    churchId: church!.id, joinCode: church!.joinCode, languages: offered.map((l) => l.code),
    cookie: `${SESSION_COOKIE}=${await createSession(ctx.db, speaker!.id)}`,
  };
}
