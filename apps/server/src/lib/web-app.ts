import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { interfaceLanguages, isDashboardPage, matchListenerPage, matchSignedOutPage, type InterfaceLanguage, type Role } from '@app/shared';
import { SESSION_COOKIE } from './session';
import { sendProblem } from './errors';
import { repoRoot } from '../db/paths';

/**
 * The interface language the web app will show this request (spec section 4's order as far as a
 * server sees it: the `lng` query, the `i18next` cookie, the browser's languages), or null when none
 * of them names one of the five.
 */
export function requestedInterfaceLanguage(req: FastifyRequest): InterfaceLanguage | null {
  const known = (code: string | undefined) => {
    const base = code?.trim().split(/[-_]/)[0]?.toLowerCase();
    return (interfaceLanguages as readonly string[]).includes(base ?? '') ? (base as InterfaceLanguage) : null;
  };
  const query = req.query as Record<string, string | undefined> | undefined;
  const fromQuery = known(query?.lng);
  if (fromQuery) return fromQuery;
  const fromCookie = known(req.cookies?.i18next);
  if (fromCookie) return fromCookie;
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [code, ...params] = part.split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { code, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { code } of accepted) {
    const language = known(code);
    if (language) return language;
  }
  return accepted.length ? 'en' : null;
}

/** Whose session a request carries, for the dashboard's document (app.ts reads it from the database). */
export type SessionOfRequest = (req: FastifyRequest) => Promise<{ role: Role; firstName: string; lastName: string } | null>;

/** Where the prerendered dashboard holds the person's names (apps/web/src/prerender/first-screens.tsx). */
const NAME_SLOTS = { firstName: '__FIRST_NAME__', lastName: '__LAST_NAME__' } as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface FirstPage {
  file: string;
  /** An API answer the page asks for first, named in a `Link: rel=preload` header so it loads with the page's scripts. */
  preload?: string;
  /** The names the document's slots take (the dashboard), or none (a file sent as built). */
  names?: { firstName: string; lastName: string };
}

/**
 * The build's document for a first page in the visitor's language (apps/web/scripts/first-pages.mjs,
 * decision 031): the sign-in page and the dashboard of the session's role prerendered, the listener
 * pages with preload hints for what they load next. Sign-in only without a session: one with a
 * session goes on to the dashboard, which the plain entry does at once; the dashboard only with one.
 */
async function firstPage(url: string, req: FastifyRequest, sessionOf: SessionOfRequest): Promise<FirstPage | null> {
  const language = requestedInterfaceLanguage(req) ?? 'en';
  const listener = matchListenerPage(url);
  if (listener) {
    // The lobby and the room screen start with the church behind the code (apps/web/src/features/live/api/get-lobby.ts).
    const lobby = listener.page === 'lobby' || listener.page === 'projector' ? `/api/v1/lobby/${encodeURIComponent(listener.code)}` : undefined;
    return { file: `first/${listener.page}.${language}.html`, preload: lobby };
  }
  const hasSession = Boolean(req.cookies?.[SESSION_COOKIE]);
  if (matchSignedOutPage(url) === 'signIn' && !hasSession) return { file: `first/signIn.${language}.html` };
  if (!isDashboardPage(url) || !hasSession) return null;
  const session = await sessionOf(req);
  return session ? { file: `first/dashboard.${session.role}.${language}.html`, names: session } : null;
}

/**
 * Serves the built web app on the same port; any non-API GET that is not a file falls back to
 * index.html so deep links work (spec section 2), except the listener pages, which get their own
 * entry listen.html (docs/decisions/018) when the build has it, and the first pages their own documents (`firstPage`). API paths keep their problem+json 404.
 * Files go out as the build precompressed them (`.br`, `.gz` beside each, decision 031), chosen by
 * the request's Accept-Encoding, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, webDist?: string, sessionOf: SessionOfRequest = async () => null) {
  const root = path.resolve(webDist ?? path.join(repoRoot, 'apps/web/dist'));
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const has = (entry: string) => existsSync(path.join(root, entry));
  // The documents with name slots, read once: the build does not change under a running server.
  const slotted = new Map<string, string>();
  const withNames = (file: string, names: NonNullable<FirstPage['names']>) => {
    if (!slotted.has(file)) slotted.set(file, readFileSync(path.join(root, file), 'utf8'));
    return slotted
      .get(file)!
      .replaceAll(NAME_SLOTS.firstName, escapeHtml(names.firstName))
      .replaceAll(NAME_SLOTS.lastName, escapeHtml(names.lastName));
  };
  const entries = [{ file: 'listen.html', shows: (url: string) => matchListenerPage(url) !== null }].filter((entry) => has(entry.file));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // `/` is answered by the handler below, like every other page.
      index: false,
      preCompressed: true,
      // Hashed assets may be cached for a year; the HTML entries must always be revalidated.
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '/';
    const first = await firstPage(url, req, sessionOf);
    if (first && has(first.file)) {
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language, Cookie');
      // As the app's fetch asks for it (same origin, cors mode), so the browser hands it the preloaded answer.
      if (first.preload) reply.header('link', `<${first.preload}>; rel=preload; as=fetch; crossorigin=anonymous`);
      // The dashboard's names make it one person's page: compressed per request, like the API.
      if (first.names) return reply.type('text/html; charset=utf-8').send(withNames(first.file, first.names));
      return reply.sendFile(first.file);
    }
    const page = entries.find((entry) => entry.shows(url))?.file ?? 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  };
  // The dashboard's two paths as routes of their own: @fastify/compress compresses the routes'
  // answers (its name-filled document), not the not-found handler's.
  if (hasBuild) for (const url of ['/dashboard', '/today-sermons']) app.get(url, { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/socket.io');
    if (isApi || req.method !== 'GET' || !hasBuild || path.extname(url) !== '') {
      return sendProblem(reply, { status: 404, code: 'not_found', detail: `No route for ${req.method} ${url}` });
    }
    return sendPage(req, reply);
  });
}
