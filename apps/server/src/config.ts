import { z } from 'zod';
import { BACKUP_KEEP_DEFAULT, BACKUP_KEEP_MAX, BACKUP_TIME_DEFAULT, DEFAULT_CHURCH_TIME_ZONE, interfaceLanguages, OSM_ATTRIBUTION } from '@app/shared';
import { parseTrustProxy } from './lib/client-address';
import { parseAllowList } from './lib/outbound/address-policy';

const bucketName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)');
const key32 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$|^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes as 64 hex characters or base64');

/** `HH:MM` in 24 hours, optionally followed by an IANA time zone (the backup's daily time, decision 032). */
export function parseBackupTime(value: string): { hour: number; minute: number; timeZone: string } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?:\s+(\S+))?$/.exec(value.trim());
  if (!m) return null;
  const timeZone = m[3] ?? DEFAULT_CHURCH_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return null;
  }
  return { hour: Number(m[1]), minute: Number(m[2]), timeZone };
}

/** Environment, parsed once at start-up; every bad variable is reported in one line each. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: every interface in production; this machine only otherwise, where the demo and its
  // published password are written (decision 052). The Docker image sets 0.0.0.0.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Several processes serve one sermon through Redis (Socket.IO adapter, counts, rate limits).
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  // Images and voice clips go to this bucket instead of PostgreSQL (decision 006). us-east-1 is what
  // MinIO, Ceph and R2 accept unless told otherwise; on AWS it must be the bucket's own region.
  S3_BUCKET: bucketName.optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^\s/]+/, 'must be an http:// or https:// URL').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SECRETS_KEY: key32.optional(),
  // Backups (decision 032): the key that encrypts them (unset: SECRETS_KEY's), when and how many,
  // and where: a folder (DATA_DIR/backups unless BACKUP_DIR) or an S3-compatible bucket.
  BACKUP_KEY: key32.optional(),
  BACKUP_TIME: z
    .string()
    .refine((v) => parseBackupTime(v) !== null, 'must be HH:MM (24-hour), optionally followed by a time zone such as Australia/Perth')
    .default(BACKUP_TIME_DEFAULT),
  BACKUP_KEEP: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(BACKUP_KEEP_MAX, `must be at most ${BACKUP_KEEP_MAX}: no backup is kept longer than 30 days`)
    .default(BACKUP_KEEP_DEFAULT),
  // The backup worker's CPU priority: low (the default) yields to the live captions; normal for a
  // machine where other low-priority work would starve it (a loaded test runner, batch jobs).
  BACKUP_PRIORITY: z.enum(['low', 'normal']).default('low'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_BUCKET: bucketName.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Sermon Translate <no-reply@localhost>'),
  AZURE_TRANSLATOR_ENDPOINT: z.string().url().optional(),
  AZURE_SPEECH_HOST: z.string().url().optional(),
  // Other translation engines' addresses, for tests (loopback mocks); decision 033. LibreTranslate's
  // and the model server's address is each church's own: their overrides replace it for every church.
  DEEPL_API_URL: z.string().url().optional(),
  GOOGLE_TRANSLATE_URL: z.string().url().optional(),
  LIBRETRANSLATE_URL: z.string().url().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  // Speech recognition engines' addresses, for tests and the speech bench (decision 038).
  DEEPGRAM_URL: z.string().url().optional(),
  ASSEMBLYAI_URL: z.string().url().optional(),
  OPENAI_REALTIME_URL: z.string().url().optional(),
  // Azure Speech recognition on the server: replaces wss://{region}.stt.speech.microsoft.com.
  AZURE_SPEECH_STT_URL: z.string().url().optional(),
  // Internal hosts and networks a church's engine or caption-feed URL may reach (decision 041):
  // comma-separated names, addresses and CIDRs, e.g. `translate.lan,10.0.5.0/24`. None by default.
  ALLOW_INTERNAL_HOSTS: z.string().refine((v) => {
    try {
      parseAllowList(v);
      return true;
    } catch {
      return false;
    }
  }, 'must be comma-separated host names, addresses or CIDR networks').optional(),
  // The proxy in front whose X-Forwarded-For is believed (decision 051): comma-separated addresses
  // and CIDR networks (or loopback, linklocal, uniquelocal), or how many proxies stand in front.
  // None by default: the address is the connection's, whatever a client writes in its headers.
  TRUST_PROXY: z.string().refine((v) => {
    try {
      parseTrustProxy(v);
      return true;
    } catch {
      return false;
    }
  }, 'must be comma-separated addresses or CIDR networks of the proxy (e.g. 172.16.0.0/12), or a number of proxies').optional(),
  // Google Text-to-Speech's address, for tests; eSpeak NG's program where it is not `espeak-ng` on the PATH (decision 040).
  GOOGLE_TTS_URL: z.string().url().optional(),
  ESPEAK_NG_PATH: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  // The language the demo's own words are written in (events, service titles, notes; decision 052).
  DEMO_LANGUAGE: z.enum(interfaceLanguages).default('en'),
  WEB_DIST: z.string().optional(),
  // What one listener holds at once of the live side: voice streams per sermon and live connections
  // (decision 048). A guest's phone is counted by the device the server signed for it, a signed-in
  // person by account; every guest behind one address (a church's Wi-Fi, a carrier's NAT) together
  // only under a ceiling, the last resort against a client that keeps no cookie.
  LISTEN_PER_DEVICE: z.coerce.number().int().min(1).max(100).default(3),
  LISTEN_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(8),
  LISTEN_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // New device identities one address is given a minute: a congregation arriving at once (300
  // phones in a minute when the pastor says "scan the code now") stays well under it.
  LISTEN_DEVICES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Map tiles for the church location picker (decision 012). {s}, {z}, {x}, {y} as Leaflet.
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, 'must be an http(s) tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(500).default(OSM_ATTRIBUTION),
  // Two-step sign-in for platform and church administrators (decision 023): `required` unless set,
  // in production; `optional` elsewhere (the embedded demo's sign-ins keep working with passwords).
  ADMIN_TWO_STEP: z.enum(['required', 'optional']).optional(),
  // Opens /metrics to a request carrying it as `Authorization: Bearer <token>` (decision 035);
  // unset: /metrics answers 404. Long enough that guessing it is hopeless, as /metrics is not rate limited.
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, 'must be 32 to 256 letters, digits or - . _ ~ + / = (e.g. openssl rand -hex 32)')
    .optional(),
});

/** The bucket files are kept in, when S3_BUCKET is set (otherwise PostgreSQL). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset means AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type Config = Omit<z.infer<typeof envSchema>, 'ADMIN_TWO_STEP' | 'HOST'> & {
  ADMIN_TWO_STEP: 'required' | 'optional';
  HOST: string;
  dbKind: 'pglite' | 'postgres';
  s3: S3Settings | null;
  /** The bucket backups go to (BACKUP_BUCKET, with the S3 settings of files), or null for a folder. */
  backupS3: S3Settings | null;
};

export class ConfigError extends Error {}

/**
 * Whether Fastify logs each request (two lines). Outside production they buried the demo sign-ins
 * printed at start (decision 052): there they are written only with LOG_LEVEL=debug or trace.
 */
export function logsEachRequest(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>): boolean {
  return config.NODE_ENV === 'production' || config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
}

/** Reads and validates the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `Invalid environment variable ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  const config = parsed.data;
  const missing: string[] = [];
  if (config.NODE_ENV === 'production' && !config.SECRETS_KEY) missing.push('SECRETS_KEY: required when NODE_ENV=production');
  const s3Given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => config[k]);
  const bucketSetting = config.S3_BUCKET ? 'S3_BUCKET' : config.BACKUP_BUCKET ? 'BACKUP_BUCKET' : null;
  if (bucketSetting) {
    if (!config.S3_ACCESS_KEY_ID) missing.push(`S3_ACCESS_KEY_ID: required when ${bucketSetting} is set`);
    if (!config.S3_SECRET_ACCESS_KEY) missing.push(`S3_SECRET_ACCESS_KEY: required when ${bucketSetting} is set`);
  } else if (s3Given.length > 0) {
    // Half a storage setting would silently keep files in PostgreSQL; say so at start instead.
    missing.push(`S3_BUCKET: required when ${s3Given.join(', ')} is set (files stay in PostgreSQL without it)`);
  }
  if (missing.length > 0) throw new ConfigError(missing.map((m) => `Invalid environment variable ${m}`).join('\n'));
  const inBucket = (bucket: string | undefined): S3Settings | null => bucket
    ? {
        bucket,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      }
    : null;
  const adminTwoStep = config.ADMIN_TWO_STEP ?? (config.NODE_ENV === 'production' ? 'required' : 'optional');
  return {
    ...config,
    ADMIN_TWO_STEP: adminTwoStep,
    HOST: config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dbKind: config.DATABASE_URL ? 'postgres' : 'pglite',
    s3: inBucket(config.S3_BUCKET),
    backupS3: inBucket(config.BACKUP_BUCKET),
  };
}
