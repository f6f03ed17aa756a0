import { z } from 'zod';

/** Environment, parsed once at start-up; every bad variable is reported in one line each. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Several processes serve one sermon through Redis (Socket.IO adapter, counts, rate limits).
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$|^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes as 64 hex characters or base64')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Sermon Translate <no-reply@localhost>'),
  AZURE_TRANSLATOR_ENDPOINT: z.string().url().optional(),
  AZURE_SPEECH_HOST: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  WEB_DIST: z.string().optional(),
  // Map tiles for the church location picker (issue 10; decision 012). {s}, {z}, {x}, {y} as Leaflet.
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+\{z\}[^\s]*$/, 'must be an http(s) tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
});

export type Config = z.infer<typeof envSchema> & { dbKind: 'pglite' | 'postgres' };

export class ConfigError extends Error {}

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
  if (config.NODE_ENV === 'production' && !config.SECRETS_KEY) {
    throw new ConfigError('Invalid environment variable SECRETS_KEY: required when NODE_ENV=production');
  }
  return { ...config, dbKind: config.DATABASE_URL ? 'postgres' : 'pglite' };
}
