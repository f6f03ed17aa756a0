import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Feedback, feedbackListQuery } from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { churches, feedback, sermons, users } from '../../db/schema';
import { searchMatches, type CsvColumn, type ListSource } from '../../lib/lists';

type FeedbackQuery = z.output<typeof feedbackListQuery>;

// A purged person's row is emptied (decision 016): their feedback shows with no name.
const personName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const selectFeedback = (db: Db) =>
  db
    .select({
      row: feedback,
      churchName: churches.name,
      sermonStartedAt: sermons.startedAt,
      userName: personName,
      userEmail: sql<string | null>`case when ${users.purgedAt} is null then ${users.email} end`,
      userSuburb: sql<string | null>`nullif(${users.suburb}, '')`,
      userFaithLevel: users.faithLevel,
      userLanguage: users.primaryLanguage,
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .leftJoin(churches, eq(churches.id, feedback.churchId))
    .leftJoin(sermons, eq(sermons.id, feedback.sermonId))
    .$dynamic();

type FeedbackRow = Awaited<ReturnType<typeof selectFeedback>>[number];

export function toFeedback(r: FeedbackRow): Feedback {
  return {
    id: r.row.id,
    type: r.row.type,
    audioQuality: r.row.audioQuality,
    comment: r.row.comment,
    createdAt: r.row.createdAt.toISOString(),
    churchId: r.row.churchId,
    churchName: r.churchName,
    sermonId: r.row.sermonId,
    sermonStartedAt: r.sermonStartedAt?.toISOString() ?? null,
    language: r.row.language,
    userId: r.row.userId,
    userName: r.userName,
    userEmail: r.userEmail,
    userSuburb: r.userSuburb,
    userFaithLevel: r.userFaithLevel,
    userLanguage: r.userLanguage,
  };
}

/** Feedback as one list of the list machinery: newest first, searchable by comment and person. */
export const feedbackSource = (db: Db): ListSource<ReturnType<typeof selectFeedback>, Feedback> => ({
  rows: () => selectFeedback(db),
  // The search reaches the person's name and email, so the count joins users too.
  count: () => db.select({ n: count() }).from(feedback).leftJoin(users, eq(users.id, feedback.userId)).$dynamic(),
  sortable: { createdAt: feedback.createdAt, type: feedback.type, audioQuality: feedback.audioQuality },
  defaultSort: '-createdAt',
  tiebreak: feedback.id,
  toItem: toFeedback,
});

/** The filters of GET /feedback; `churchScope` is the actor's church unless they see every church. */
export function feedbackWhere(churchScope: string | null, q: FeedbackQuery): SQL | undefined {
  const conds: Array<SQL | undefined> = [
    churchScope ? eq(feedback.churchId, churchScope) : undefined,
    q.churchId ? eq(feedback.churchId, q.churchId) : undefined,
    q.type ? eq(feedback.type, q.type) : undefined,
    q.audioQuality ? eq(feedback.audioQuality, q.audioQuality) : undefined,
    q.language ? eq(feedback.language, q.language) : undefined,
    q.sermonId ? eq(feedback.sermonId, q.sermonId) : undefined,
    q.from ? gte(feedback.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(feedback.createdAt, new Date(q.to)) : undefined,
    searchMatches(sql`f_unaccent(lower(${feedback.comment} || ' ' || coalesce(${users.searchText}, '')))`, q.q),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined));
}

export const feedbackCsvColumns: CsvColumn<Feedback>[] = [
  { header: 'createdAt', value: (f) => f.createdAt },
  { header: 'type', value: (f) => f.type },
  { header: 'audioQuality', value: (f) => f.audioQuality },
  { header: 'comment', value: (f) => f.comment },
  { header: 'name', value: (f) => f.userName },
  { header: 'email', value: (f) => f.userEmail },
  { header: 'suburb', value: (f) => f.userSuburb },
  { header: 'faithLevel', value: (f) => f.userFaithLevel },
  { header: 'primaryLanguage', value: (f) => f.userLanguage },
  { header: 'church', value: (f) => f.churchName },
  { header: 'sermonId', value: (f) => f.sermonId },
  { header: 'listeningLanguage', value: (f) => f.language },
];

export const feedbackById = (db: Db, id: string) => selectFeedback(db).where(eq(feedback.id, id)).limit(1);
