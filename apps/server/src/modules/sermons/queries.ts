import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListenerSession, MySession, Sermon } from '@app/shared';
import type { Db } from '../../db/client';
import { churches, listenerSessions, scheduledSermons, sermons, users } from '../../db/schema';

/** SQL of the sermons module: rows in, API shapes out. */

const host = alias(users, 'host');

const sermonColumns = {
  id: sermons.id,
  broadcastId: sermons.broadcastId,
  churchId: sermons.churchId,
  churchName: churches.name,
  hostId: sermons.hostId,
  hostFirstName: host.firstName,
  hostLastName: host.lastName,
  title: scheduledSermons.title,
  sourceLanguage: sermons.sourceLanguage,
  status: sermons.status,
  startedAt: sermons.startedAt,
  endedAt: sermons.endedAt,
  durationSeconds: sermons.durationSeconds,
  listenersJoined: sermons.listenersJoined,
};

interface SermonRecord {
  id: string;
  broadcastId: string;
  churchId: string;
  churchName: string | null;
  hostId: string | null;
  hostFirstName: string | null;
  hostLastName: string | null;
  title: string | null;
  sourceLanguage: string;
  status: Sermon['status'];
  startedAt: Date;
  endedAt: Date | null;
  durationSeconds: number | null;
  listenersJoined: number;
}

function fullName(first: string | null, last: string | null): string | null {
  if (first === null) return null;
  return [first, last].filter(Boolean).join(' ');
}

function toSermon(r: SermonRecord): Sermon {
  return {
    id: r.id,
    broadcastId: r.broadcastId,
    churchId: r.churchId,
    churchName: r.churchName,
    hostId: r.hostId,
    hostName: fullName(r.hostFirstName, r.hostLastName),
    title: r.title,
    sourceLanguage: r.sourceLanguage,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
    durationSeconds: r.durationSeconds,
    listenersJoined: r.listenersJoined,
  };
}

function selectSermons(db: Db) {
  return db
    .select(sermonColumns)
    .from(sermons)
    .leftJoin(churches, eq(churches.id, sermons.churchId))
    .leftJoin(host, eq(host.id, sermons.hostId))
    // The service it went live for names it (decision 019).
    .leftJoin(scheduledSermons, eq(scheduledSermons.id, sermons.scheduledSermonId));
}

export async function findSermon(db: Db, where: SQL): Promise<Sermon | null> {
  const [row] = await selectSermons(db).where(where).limit(1);
  return row ? toSermon(row) : null;
}

export async function listSermonRows(
  db: Db,
  filter: { churchId: string | null; status?: 'live' | 'ended' },
  page: number,
  pageSize: number,
): Promise<{ items: Sermon[]; total: number }> {
  const where = and(
    filter.churchId ? eq(sermons.churchId, filter.churchId) : undefined,
    // "Live" is a sermon that has not ended: a paused one is still joinable.
    filter.status === 'live' ? inArray(sermons.status, ['live', 'paused']) : filter.status === 'ended' ? eq(sermons.status, 'ended') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectSermons(db).where(where).orderBy(desc(sermons.startedAt)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(sermons).where(where),
  ]);
  return { items: rows.map((r) => toSermon(r)), total: total?.n ?? 0 };
}

export async function listListenerRows(db: Db, sermonId: string, page: number, pageSize: number): Promise<{ items: ListenerSession[]; total: number }> {
  const where = eq(listenerSessions.sermonId, sermonId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: listenerSessions.id,
        userId: listenerSessions.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        language: listenerSessions.language,
        startedAt: listenerSessions.startedAt,
        endedAt: listenerSessions.endedAt,
        durationSeconds: listenerSessions.durationSeconds,
        status: listenerSessions.status,
      })
      .from(listenerSessions)
      .leftJoin(users, eq(users.id, listenerSessions.userId))
      .where(where)
      .orderBy(desc(listenerSessions.startedAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listenerSessions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: fullName(r.firstName, r.lastName),
      email: r.email,
      isGuest: r.userId === null,
      language: r.language,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      durationSeconds: r.durationSeconds,
      status: r.status,
    })),
    total: total?.n ?? 0,
  };
}

export async function listMySessionRows(db: Db, userId: string, page: number, pageSize: number): Promise<{ items: MySession[]; total: number }> {
  const where = eq(listenerSessions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: listenerSessions.id,
        sermonId: sermons.id,
        broadcastId: sermons.broadcastId,
        churchId: sermons.churchId,
        churchName: churches.name,
        hostFirstName: host.firstName,
        hostLastName: host.lastName,
        title: scheduledSermons.title,
        sourceLanguage: sermons.sourceLanguage,
        sermonStatus: sermons.status,
        language: listenerSessions.language,
        startedAt: listenerSessions.startedAt,
        endedAt: listenerSessions.endedAt,
        durationSeconds: listenerSessions.durationSeconds,
      })
      .from(listenerSessions)
      .innerJoin(sermons, eq(sermons.id, listenerSessions.sermonId))
      .leftJoin(churches, eq(churches.id, sermons.churchId))
      .leftJoin(host, eq(host.id, sermons.hostId))
      .leftJoin(scheduledSermons, eq(scheduledSermons.id, sermons.scheduledSermonId))
      .where(where)
      .orderBy(desc(listenerSessions.startedAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(listenerSessions).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      sermonId: r.sermonId,
      broadcastId: r.broadcastId,
      churchId: r.churchId,
      churchName: r.churchName,
      hostName: fullName(r.hostFirstName, r.hostLastName),
      title: r.title,
      sourceLanguage: r.sourceLanguage,
      sermonStatus: r.sermonStatus,
      language: r.language,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      durationSeconds: r.durationSeconds,
    })),
    total: total?.n ?? 0,
  };
}
