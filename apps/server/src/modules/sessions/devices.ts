import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_DEVICE_DAYS, type InterfaceLanguage } from '@app/shared';
import type { AppContext } from '../../context';
import { knownDevices } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { requestedInterfaceLanguage } from '../../lib/web-app';
import { mailLanguageOf } from '../../providers/email/localized';
import { mailee } from '../two-step/service';
import { publicUrlOf } from '../users/invitations';
import { newDeviceMail } from './mail';
import { describeUserAgent } from './user-agent';

/**
 * A browser is known by a random cookie (kept as its hash, one row per person who signed in on it):
 * the first sign-in from an unknown one is mailed about; one "remembered" skips the two-step code
 * until `trustedUntil` (decision 023). Turning two-step off or signing out everywhere forgets trust.
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_COOKIE_DAYS = 400;

const tokenOf = (req: FastifyRequest): string | undefined => {
  const value = req.cookies[DEVICE_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
};

/** Whether this browser was remembered by the person for skipping the code, and still is. */
export async function deviceTrusted(ctx: AppContext, req: FastifyRequest, userId: string): Promise<boolean> {
  const token = tokenOf(req);
  if (!token) return false;
  const [row] = await ctx.db.select({ id: knownDevices.id }).from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, sha256(token)), gt(knownDevices.trustedUntil, new Date())))
    .limit(1);
  return !!row;
}

/**
 * After a complete sign-in: records the browser, remembers it when asked, and mails the person when
 * it is new to them and they had signed in elsewhere before (their very first browser is no news).
 */
export async function noteDevice(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: string, remember = false): Promise<void> {
  let token = tokenOf(req);
  if (!token) {
    token = randomBytes(32).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, token, {
      path: '/api/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }
  const tokenHash = sha256(token);
  const userAgent = req.headers['user-agent']?.slice(0, 300) ?? null;
  const trustedUntil = remember ? new Date(Date.now() + REMEMBER_DEVICE_DAYS * 86_400_000) : undefined;
  const [existing] = await ctx.db.select({ id: knownDevices.id }).from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, tokenHash))).limit(1);
  if (existing) {
    await ctx.db.update(knownDevices).set({ lastSeenAt: new Date(), userAgent, ...(trustedUntil ? { trustedUntil } : {}) })
      .where(eq(knownDevices.id, existing.id));
    return;
  }
  await ctx.db.insert(knownDevices).values({ userId, tokenHash, userAgent, trustedUntil: trustedUntil ?? null }).onConflictDoNothing();
  const [others] = await ctx.db.select({ n: count() }).from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.tokenHash, tokenHash)));
  if ((others?.n ?? 0) > 0) await mailNewDevice(ctx, userId, userAgent, req.ip, requestedInterfaceLanguage(req));
}

async function mailNewDevice(ctx: AppContext, userId: string, userAgent: string | null, ipAddress: string, requestLanguage: InterfaceLanguage | null) {
  try {
    const person = await mailee(ctx.db, userId);
    const { browser, system } = describeUserAgent(userAgent);
    const mail = newDeviceMail[mailLanguageOf(person.primaryLanguage, requestLanguage)]({
      firstName: person.firstName,
      device: [browser, system].filter(Boolean).join(', ') || '?',
      ipAddress,
      at: new Date().toISOString().slice(0, 16).replace('T', ' '),
      devicesUrl: `${publicUrlOf(ctx)}/profile#devices`,
    });
    await ctx.mailer.send({ to: person.email, ...mail });
  } catch (err) {
    ctx.log.error({ err }, 'new-device mail could not be sent');
  }
}

/** Forgets every remembered browser of the person (they must give a code on each again). */
export async function forgetTrustedDevices(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.update(knownDevices).set({ trustedUntil: null }).where(eq(knownDevices.userId, userId));
}
