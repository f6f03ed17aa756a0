import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/audit';
import type { Pace } from './pace';

/**
 * The import's large statements, each given its rows as one JSON parameter read by
 * `jsonb_to_recordset` (decision 036, "Figures"). Built through the query builder, 10,000 rows
 * became hundreds of thousands of parameter objects: seconds of the server's own thread, which the
 * embedded database and live captions share, and most of the memory the import took.
 */

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** A new person: the checked fields as the plan stored them, with the id and referral code chosen here. */
export interface NewPersonRow {
  id: string;
  email: string | null;
  referralCode: string;
  values: Record<string, string | null>;
}

/**
 * Inserts new members of `churchId` with no password (the marker `passwordHash`); a person whose
 * email was registered meanwhile is skipped by the unique index. Answers the ids inserted.
 * `invite`: whether the import mails them a link; their status says which (decision 052).
 */
export async function insertNewPeople(tx: DbOrTx, churchId: string, passwordHash: string, people: NewPersonRow[], now: Date, invite: boolean): Promise<Set<string>> {
  const json = JSON.stringify(people.map((p) => ({ ...p.values, id: p.id, email: p.email, referralCode: p.referralCode })));
  const result = await tx.execute(sql`
    insert into users (id, email, password_hash, role, church_id, account_status, referral_code, created_at, updated_at, imported_at,
      first_name, last_name, phone, suburb, address, date_of_birth, gender, primary_language)
    select x.id, x.email, ${passwordHash}, 'member', ${churchId}::uuid,
      -- Without an email there is no one to invite and nothing to sign in with (decision 036); with
      -- one, 'invited' only when an invitation goes out, else 'imported' (decision 052).
      (case when x.email is null then 'no_account' when ${invite}::boolean then 'invited' else 'imported' end)::account_status,
      x."referralCode", ${now}, ${now}, ${now}, coalesce(x."firstName", ''), coalesce(x."lastName", ''), coalesce(x.phone, ''), coalesce(x.suburb, ''),
      x.address, x."dateOfBirth"::date, x.gender::gender, x."primaryLanguage"::primary_language
    from jsonb_to_recordset(${json}::jsonb) as x(id uuid, email text, "referralCode" text, "firstName" text, "lastName" text, phone text,
      suburb text, address text, "dateOfBirth" text, gender text, "primaryLanguage" text)
    on conflict do nothing
    returning id`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

export interface DoneMark {
  rowNo: number;
  userId: string | null;
  before: Record<string, string | null> | null;
  mailed: boolean;
}

/**
 * The batch's items marked done, with what the undo needs, and the import's progress counted, in
 * one statement: each statement is a turn of the embedded database that live captions wait out.
 */
export async function markItemsDone(tx: DbOrTx, importId: string, marks: DoneMark[], counts: { created: number; updated: number }, now: Date): Promise<void> {
  await tx.execute(sql`with marked as (
      update people_import_items as i set done = true, user_id = v."userId", before = v.before, mailed = v.mailed, applied_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as v("rowNo" int, "userId" uuid, before jsonb, mailed boolean)
      where i.import_id = ${importId} and i.row_no = v."rowNo")
    update people_imports set status = 'running', done = done + ${marks.length}, created = created + ${counts.created}, updated = updated + ${counts.updated}
    where id = ${importId}`);
}

export interface ItemRow {
  rowNo: number;
  kind: 'new' | 'update';
  email: string | null;
  values: Record<string, string | null>;
  userId: string | null;
}

/** The confirmed rows become the job's items, `pace.chunk` to a statement, each its own transaction. */
export async function insertItems(db: DbOrTx, importId: string, items: ItemRow[], pace: Pace): Promise<void> {
  for (let i = 0; i < items.length; i += pace.chunk) {
    if (i > 0) await pace.pause();
    await db.execute(sql`insert into people_import_items (import_id, row_no, kind, email, "values", user_id)
      select ${importId}::uuid, x."rowNo", x.kind, x.email, x."values", x."userId"
      from jsonb_to_recordset(${JSON.stringify(items.slice(i, i + pace.chunk))}::jsonb) as x("rowNo" int, kind text, email text, "values" jsonb, "userId" uuid)`);
  }
}
