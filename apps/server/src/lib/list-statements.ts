import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

const dialect = new PgDialect();

/** A statement built once and run with new values: Drizzle's prepared query, as far as lists use it. */
interface Built {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A list's statements by shape (decision 028): a page of the same list with the same kinds of filter,
 * sort and size is the same statement text for every church and every search word, only its values
 * differ. Building it with Drizzle took a sixth of a list request's server time; a shape seen before
 * is run with the new values instead. Each database (each test's) has its own.
 */
export class ListStatements {
  private readonly built = new Map<string, Built>();

  get(key: string, build: () => Built): Built {
    let statement = this.built.get(key);
    if (!statement) {
      // The shapes are few (the lists' filters are allow-listed); this only bounds a surprise.
      if (this.built.size >= 1_000) this.built.clear();
      this.built.set(key, (statement = build()));
    }
    return statement;
  }
}

const byDb = new WeakMap<Db, Map<string, ListStatements>>();

/** The statements of the list `name` on `db`: a source factory passes them in `ListSource.statements`. */
export function listStatements(db: Db, name: string): ListStatements {
  let lists = byDb.get(db);
  if (!lists) byDb.set(db, (lists = new Map()));
  let statements = lists.get(name);
  if (!statements) lists.set(name, (statements = new ListStatements()));
  return statements;
}

/** A where clause as its text (which picks the statement) and its values (which it is run with, as w0, w1…). */
export interface WhereShape {
  text: string;
  values: Record<string, unknown>;
  /** The same condition with each value a placeholder: what a statement for every value is built on. */
  placeholders(): SQL | undefined;
}

export function whereShape(where: SQL | undefined): WhereShape {
  if (!where) return { text: '', values: {}, placeholders: () => undefined };
  const { sql: text, params } = dialect.sqlToQuery(where);
  return {
    text,
    values: Object.fromEntries(params.map((value, i) => [`w${i}`, value])),
    placeholders: () => sql.join(text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.placeholder(`w${Number(part) - 1}`)))),
  };
}
