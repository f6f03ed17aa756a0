/** Whether a database error is a unique violation (of `constraint`, when given); drizzle wraps the driver's error. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/**
 * Whether a database error means the database could not be reached for a moment (a restart, a
 * failover, a dropped connection) rather than that the statement was wrong: worth trying again.
 * PostgreSQL's class 08 (connection exception) and 57P01–57P03 (shutting down, cannot connect
 * now), the network's refusals, and node-postgres's words for a connection that ended.
 */
export function isDatabaseAway(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))) return true;
    if (typeof message === 'string' && /connection terminated|terminating connection|connection (is )?closed|not queryable|Connection ended/i.test(message)) return true;
  }
  return false;
}
