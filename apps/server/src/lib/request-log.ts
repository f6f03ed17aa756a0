import type { FastifyRequest } from 'fastify';

/**
 * A request as the log keeps it: its path without the query string. Queries carry what people
 * searched for (a person's name or e-mail in `?q=`), and the log keeps no personal data that a
 * purge could not reach (decision 016).
 */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: req.url.split('?')[0], host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
