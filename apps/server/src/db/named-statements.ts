import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The name a hot statement is prepared under (`query.prepare(NAME_BY_TEXT)`): the connection names it
 * by a digest of its text, since one statement shape (a list's page for any church) serves every
 * request while Drizzle builds a fresh query object each time. See `NamedStatementClient`.
 */
export const NAME_BY_TEXT = 'by-text';

/**
 * Statements a connection keeps prepared by text at most: the app's shapes are few (values are
 * always parameters), so this only guards against a shape that varies without end; past it,
 * statements go unnamed.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * Settings of each pooled PostgreSQL connection. A named statement is planned once per connection
 * (a generic plan) instead of on every request: only the statements the app prepares on purpose
 * (the session lookup, the lists' pages and totals) are named, so every other statement is still
 * planned for its values (decision 028).
 */
export const connectionOptions = '-c plan_cache_mode=force_generic_plan';

type Config = { text?: unknown; name?: string };

/**
 * A PostgreSQL connection that prepares statements named `NAME_BY_TEXT` under a digest of their
 * text (decision 028): after the first use on a connection only Bind and Execute are sent and
 * PostgreSQL reuses its plan. A pattern search (`like`) is left unnamed: its best plan depends on
 * the pattern (an index for a rare word, a scan for one letter).
 */
export class NamedStatementClient extends pg.Client {
  private readonly names = new Set<string>();

  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const c = config as Config | null;
    if (c && typeof c === 'object' && c.name === NAME_BY_TEXT && typeof c.text === 'string') {
      const name = statementName(c.text);
      if (name && !this.names.has(name) && this.names.size < MAX_PREPARED_PER_CONNECTION) this.names.add(name);
      config = { ...c, name: name && this.names.has(name) ? name : undefined };
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}

const digests = new Map<string, string | undefined>();

/**
 * A short digest of the text, or undefined for a pattern search; remembered, so a hot statement is
 * looked at once per process.
 */
function statementName(text: string): string | undefined {
  if (digests.has(text)) return digests.get(text);
  const name = /\blike\b/i.test(text) ? undefined : `s${createHash('sha1').update(text).digest('base64url')}`;
  if (digests.size >= 5_000) digests.clear();
  digests.set(text, name);
  return name;
}
