import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { PGlite } from '@electric-sql/pglite';
import { API_PREFIX, IMAGE_MAX_BYTES, LIVE_NAMESPACE, startAfterPaintScript } from '@app/shared';
import { logsEachRequest, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { requestForLog } from './lib/request-log';
import { registerAccess } from './lib/access';
import { inlineScriptSource, registerSecurityHeaders } from './lib/security-headers';
import { registerCompression } from './lib/compression';
import { trustProxyOf } from './lib/client-address';
import { validateWithObjectBodies } from './lib/body-validator';
import { loadOrCreateKey, SecretBox } from './lib/crypto';
import { registerErrorHandling } from './lib/errors';
import { appVersion } from './lib/version';
import { tileImageSource } from './modules/churches/map-settings';
import { registerWebApp } from './lib/web-app';
import { actorFromToken, SESSION_COOKIE } from './lib/session';
import { apiModules } from './modules';
import { registerLive } from './live/rooms/gateway';
import { guardLive } from './live/rooms/listen-limits';
import { startLivestream } from './modules/livestream/livestream-service';
import { registerChat } from './live/chat/chat-gateway';
import { registerLiveMetrics } from './live/live-metrics';
import { connectRedis, redisRateLimitStore } from './lib/redis';
import { moveStoredFiles, PgBlobStore } from './providers/storage/blob-store';
import { moveUploadedImages } from './providers/storage/image-store';
import { createMailer } from './providers/email/create-mailer';
import { AppMetrics } from './lib/app-metrics';
import { registerMetrics } from './modules/metrics/routes';
import { usageMeterOf } from './providers/translation/usage-meter';

export interface BuildOptions {
  /** An already-open PGlite (tests clone a migrated template instead of running initdb). */
  pglite?: PGlite;
  logger?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
}

/** Builds the Fastify instance with every plugin and module; does not listen. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    logController: new LogController({ disableRequestLogging: !logsEachRequest(config) }),
    // The connection's address unless the operator names the proxy (TRUST_PROXY, decision 051).
    trustProxy: trustProxyOf(config),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validateWithObjectBodies);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, pglite: opts.pglite });
  const closers: Array<() => Promise<void> | void> = [];
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : null;
  // The S3 SDK is loaded only when a bucket is configured (decision 027).
  const s3 = config.s3 ? new (await import('./providers/storage/s3-blob-store')).S3BlobStore(config.s3) : null;
  if (s3) closers.push(() => s3.destroy());
  const blobs = s3 ?? new PgBlobStore(database.db);
  const movedFiles = s3 ? await moveStoredFiles(database.db, s3) : 0;
  if (movedFiles > 0) app.log.info({ movedFiles }, 'files moved from PostgreSQL (stored_files) into the S3 bucket');
  const movedImages = await moveUploadedImages(config.DATA_DIR, blobs);
  if (movedImages > 0) app.log.info({ movedImages, store: s3 ? 's3' : 'postgres' }, 'images moved from DATA_DIR/uploads into the blob store');
  const metrics = new AppMetrics();
  if (config.METRICS_TOKEN) metrics.collectProcessMetrics();
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    secrets: new SecretBox(await loadOrCreateKey(config.DATA_DIR, config.SECRETS_KEY)),
    mailer: createMailer(config, app.log),
    dataDir: config.DATA_DIR,
    blobs,
    redis,
    log: app.log,
    metrics,
    version: appVersion,
    onClose: (fn) => closers.push(fn),
  };
  // Made first so it closes last: translations still in flight at shutdown are counted (decision 033).
  usageMeterOf(ctx);
  app.addHook('onClose', async () => {
    for (const fn of closers.reverse()) await fn();
    await database.close();
    await redis?.quit().catch(() => undefined);
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered documents' one inline script, by its hash (decision 031).
        scriptSrc: ["'self'", inlineScriptSource(startAfterPaintScript)],
        // Mantine injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The configured map tile server (MAP_TILE_URL) may serve images to the church map.
        imgSrc: ["'self'", 'data:', 'blob:', tileImageSource(config.MAP_TILE_URL)],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        // The speaker's browser talks to Azure Speech directly with a short-lived token.
        connectSrc: ["'self'", 'wss:', 'https://*.microsoft.com', 'https://*.microsofttranslator.com'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  // Per-route limits only: a whole congregation shares one church Wi-Fi address.
  // With several processes the counters live in Redis, so a limit is one limit for the cluster.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { store: redisRateLimitStore(redis) } : {}) });
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Sermon Translate API', version: appVersion, description: 'Live sermon translation and church community management.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerAccess(app, ctx.db, { publicUrl: config.PUBLIC_URL, metricsToken: config.METRICS_TOKEN });
  registerMetrics(app, metrics);
  await app.register(async (api) => {
    for (const mod of apiModules) await mod(api, ctx);
  }, { prefix: API_PREFIX });
  const live = await registerLive(app, ctx);
  guardLive(ctx, live, app.io.of(LIVE_NAMESPACE));
  startLivestream(ctx, live);
  registerChat(app, ctx);
  registerLiveMetrics(ctx, live, app.io);
  // Sermons resume only once every part of the live side is registered: a resumed sermon asks the
  // caption feeds for their languages at once (modules/livestream provides them).
  await live.start();

  await registerWebApp(app, config.WEB_DIST, (req) => actorFromToken(ctx.db, req.cookies[SESSION_COOKIE]));
  return { app, ctx, database };
}
