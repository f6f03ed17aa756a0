import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { churches } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** The standing join link of a church: this site's origin (PUBLIC_URL when set) and `/l/{code}`. */
export function joinLink(ctx: AppContext, req: FastifyRequest, code: string): string {
  const origin = ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.host}`;
  return `${origin}/l/${code}`;
}

/**
 * The join link as a QR code, drawn on the server (no network, no client download): SVG for print,
 * PNG for slides. Error correction M survives a bulletin's fold or a projector's glare.
 */
export async function joinQr(ctx: AppContext, req: FastifyRequest, code: string, format: 'svg' | 'png') {
  const [church] = await ctx.db.select({ joinCode: churches.joinCode }).from(churches).where(sql`lower(${churches.joinCode}) = lower(${code})`).limit(1);
  if (!church) throw notFound('Church');
  const link = joinLink(ctx, req, church.joinCode);
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  if (format === 'svg') return { type: 'image/svg+xml', body: await QRCode.toString(link, { ...options, type: 'svg' }) };
  return { type: 'image/png', body: await QRCode.toBuffer(link, { ...options, type: 'png', width: 1024 }) };
}
