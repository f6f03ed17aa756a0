import { count } from 'drizzle-orm';
import { instantOf, listeningLanguages, wallClockOf, type InterfaceLanguage, type Role } from '@app/shared';
import type { Db } from '../db/client';
import {
  churches,
  churchLanguages,
  events,
  staffDetails,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { newReferralCode } from '../lib/ids';
import { seedHistory } from './seed-history';
import { demoWords } from './seed-words';

export const DEMO_PASSWORD = 'demo1234';
export const demoSignIns: Array<{ email: string; role: Role }> = [
  { email: 'platform@demo.church', role: 'platform_admin' },
  { email: 'admin@demo.church', role: 'church_admin' },
  { email: 'staff@demo.church', role: 'staff' },
  { email: 'member@demo.church', role: 'member' },
];

const memberNames = [
  ['Maria', 'Santos', 'portuguese'], ['Lucas', 'Oliveira', 'portuguese'], ['Sofia', 'Garcia', 'spanish'],
  ['Mateo', 'Hernandez', 'spanish'], ['Putri', 'Wijaya', 'indonesian'], ['Budi', 'Santoso', 'indonesian'],
  ['Wei', 'Zhang', 'mandarin'], ['Mei', 'Chen', 'mandarin'], ['Olivia', 'Smith', 'english'],
  ['Jack', 'Wilson', 'english'], ['Amira', 'Haddad', 'english'], ['Rohan', 'Sharma', 'english'],
] as const;

/**
 * The first moment after `now` that is `weekday` (0 Sunday … 6 Saturday) at `hour`:00 in
 * `timeZone`: a demo event called Sunday Worship falls on a Sunday.
 */
export function nextWeekdayAt(now: Date, timeZone: string, weekday: number, hour: number): Date {
  const w = wallClockOf(now, timeZone);
  const today = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  for (let ahead = (weekday - today + 7) % 7; ; ahead += 7) {
    const at = instantOf({ year: w.year, month: w.month, day: w.day + ahead, hour, minute: 0 }, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
}

/**
 * Writes demo data into an empty database, once; its people's own words (events, service titles,
 * notes, reasons, feedback) in `language` (`DEMO_LANGUAGE`, decision 052). Returns false when data
 * already exists.
 */
export async function seedDemoData(db: Db, language: InterfaceLanguage = 'en', now = new Date()): Promise<boolean> {
  const words = demoWords[language];
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction: a first start that stops half-way leaves no half-written demo behind.
  await db.transaction(async (tx) => {
    const [sydney, melbourne] = await tx.insert(churches).values([
      {
        name: 'Harbour City Church', address: '264 Pitt Street', suburb: 'Sydney', state: 'New South Wales',
        country: 'Australia', contactNumber: '0292675555', pastorName: 'David Mitchell', pastorPhone: '0412345678',
        latitude: -33.8737, longitude: 151.2077, weeklyStreamLimitMinutes: 120, timeZone: 'Australia/Sydney', joinCode: 'HARBOUR',
      },
      {
        name: 'Southbank Community Church', address: '1 City Road', suburb: 'Southbank', state: 'Victoria',
        country: 'Australia', contactNumber: '0396901234', pastorName: 'Grace Thompson', pastorPhone: '0423456789',
        latitude: -37.8226, longitude: 144.9631, weeklyStreamLimitMinutes: 120, timeZone: 'Australia/Melbourne', joinCode: 'SBANK',
      },
    ]).returning();
    if (!sydney || !melbourne) throw new Error('seed: churches not created');

    const goLive = ['en', 'pt', 'es'];
    const joinLive = ['en', 'pt', 'es', 'id', 'zh-Hans', 'ar', 'hi'];
    await tx.insert(churchLanguages).values([sydney, melbourne].flatMap((church) => [
      ...goLive.map((code) => ({ code, list: 'go_live' as const })),
      ...joinLive.map((code) => ({ code, list: 'join_live' as const })),
    ].map(({ code, list }) => {
      const lang = listeningLanguages.find((l) => l.code === code)!;
      return { churchId: church.id, list, code, name: lang.englishName, maleVoiceId: lang.maleVoice, femaleVoiceId: lang.femaleVoice };
    })));

    const base = { passwordHash, phone: '0400000000', termsAcceptedAt: new Date() };
    const staffRows = await tx.insert(users).values([
      { ...base, email: 'platform@demo.church', role: 'platform_admin', firstName: 'Paula', lastName: 'Platform', suburb: 'Sydney', churchId: sydney.id, referralCode: newReferralCode() },
      { ...base, email: 'admin@demo.church', role: 'church_admin', firstName: 'Andrew', lastName: 'Admin', suburb: 'Sydney', churchId: sydney.id, referralCode: newReferralCode() },
      { ...base, email: 'staff@demo.church', role: 'staff', firstName: 'Samuel', lastName: 'Staff', suburb: 'Surry Hills', churchId: sydney.id, referralCode: newReferralCode() },
      { ...base, email: 'member@demo.church', role: 'member', firstName: 'Martha', lastName: 'Member', suburb: 'Parramatta', churchId: sydney.id, referralCode: newReferralCode(), primaryLanguage: 'spanish', faithLevel: 'activelyexploring', gender: 'female', dateOfBirth: '1990-04-12' },
    ]).returning();
    const host = staffRows.find((u) => u.role === 'staff')!;
    const member = staffRows.find((u) => u.role === 'member')!;
    await tx.insert(staffDetails).values({ userId: host.id, jobTitle: 'Worship Coordinator', department: 'Ministry', employmentType: 'part-time', workLocation: 'onsite', workEmail: 'samuel.staff@harbourcity.church' });

    const members = await tx.insert(users).values(memberNames.map(([firstName, lastName, primaryLanguage], i) => ({
      ...base,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      firstName, lastName, primaryLanguage,
      role: 'member' as const,
      churchId: i % 3 === 2 ? melbourne.id : sydney.id,
      suburb: i % 3 === 2 ? 'Southbank' : 'Parramatta',
      faithLevel: (['nofaith', 'uncertain', 'opentofaith', 'activelyexploring', 'strongfaith'] as const)[i % 5],
      referralSource: (['friend_family', 'church_event', 'social_media'] as const)[i % 3],
      referralCode: newReferralCode(),
      referredById: i % 4 === 0 ? member.id : null,
      acceptedJesus: i % 4 === 1,
      acceptedJesusAt: i % 4 === 1 ? new Date(Date.now() - i * 86_400_000) : null,
      createdAt: new Date(Date.now() - i * 3 * 86_400_000),
    }))).returning();

    // Each on the day of the week its name says, in the church's time zone.
    const tz = sydney.timeZone;
    await tx.insert(events).values([
      { churchId: sydney.id, name: words.sundayWorship, description: words.sundayWorshipText, location: words.mainAuditorium, startsAt: nextWeekdayAt(now, tz, 0, 10), isPublic: true, createdById: host.id },
      { churchId: sydney.id, name: words.youthNight, description: words.youthNightText, startsAt: nextWeekdayAt(now, tz, 5, 19), createdById: host.id },
      // Last Sunday's lunch, a day or more ago whatever today is (on a Sunday afternoon, not today's).
      { churchId: sydney.id, name: words.communityLunch, description: words.communityLunchText, startsAt: nextWeekdayAt(new Date(now.getTime() - 8 * 86_400_000), tz, 0, 12), createdById: host.id },
      { churchId: melbourne.id, name: words.carols, description: words.carolsText, location: 'Birrarung Marr', startsAt: nextWeekdayAt(new Date(now.getTime() + 28 * 86_400_000), melbourne.timeZone, 6, 19), isPublic: true },
    ]);

    await seedHistory(tx, { church: sydney, host, admin: staffRows.find((u) => u.role === 'church_admin')!, members: members.filter((m) => m.churchId === sydney.id), passwordHash, words, now });
  });
  return true;
}
