import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, logsEachRequest } from './config';

describe('configuration', () => {
  it('works with nothing set: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', dbKind: 'pglite' });
  });

  it('asks administrators for two-step sign-in in production unless told otherwise', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig({}).ADMIN_TWO_STEP).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).ADMIN_TWO_STEP).toBe('required');
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key, ADMIN_TWO_STEP: 'optional' }).ADMIN_TWO_STEP).toBe('optional');
    expect(loadConfig({ ADMIN_TWO_STEP: 'required' }).ADMIN_TWO_STEP).toBe('required');
  });

  it('listens on this machine only outside production, where the demo and its password are written', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('writes the demo in English unless DEMO_LANGUAGE names another interface language', () => {
    expect(loadConfig({}).DEMO_LANGUAGE).toBe('en');
    expect(loadConfig({ DEMO_LANGUAGE: 'pt' }).DEMO_LANGUAGE).toBe('pt');
    expect(() => loadConfig({ DEMO_LANGUAGE: 'fr' })).toThrow(/DEMO_LANGUAGE/);
  });

  it('logs each request in production, and outside it only at debug or trace, so the demo sign-ins stay in view', () => {
    const key = 'a'.repeat(64);
    expect(logsEachRequest(loadConfig({}))).toBe(false);
    expect(logsEachRequest(loadConfig({ LOG_LEVEL: 'debug' }))).toBe(true);
    expect(logsEachRequest(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }))).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).dbKind).toBe('postgres');
  });

  it('names the variable in one line per bad value', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT: /);
    expect(lines[1]).toMatch(/^Invalid environment variable DATABASE_URL: /);
  });

  it('requires SECRETS_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY/);
  });

  it('keeps files in PostgreSQL unless S3_BUCKET is set, then in that bucket (us-east-1 by default)', () => {
    expect(loadConfig({}).s3).toBeNull();
    const s3 = { S3_BUCKET: 'church-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).s3).toEqual({ bucket: 'church-files', region: 'us-east-1', endpoint: undefined, accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'ap-southeast-2' }).s3).toMatchObject({ endpoint: 'http://minio:9000', region: 'ap-southeast-2' });
  });

  it('refuses S3_BUCKET without both keys, naming each missing one', () => {
    expect(() => loadConfig({ S3_BUCKET: 'church-files' })).toThrow(
      new ConfigError(
        'Invalid environment variable S3_ACCESS_KEY_ID: required when S3_BUCKET is set\n' +
          'Invalid environment variable S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
      ),
    );
    expect(() => loadConfig({ S3_BUCKET: 'church-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/^Invalid environment variable S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set$/);
  });

  it('refuses S3 settings without S3_BUCKET rather than quietly keeping files in PostgreSQL', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT is set/);
  });

  it('refuses a bucket name or endpoint S3 would not accept', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Church Files', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /S3_BUCKET: must be an S3 bucket name[\s\S]*S3_ENDPOINT: must be an http/,
    );
  });

  it('takes a METRICS_TOKEN long enough not to be guessed, and refuses a short one in one line', () => {
    const token = 'a'.repeat(64);
    expect(loadConfig({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/^Invalid environment variable METRICS_TOKEN: must be 32 to 256 [^\n]*$/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(40)} b` })).toThrow(/METRICS_TOKEN/);
  });

  it("takes the translation engines' test addresses, and names a bad one", () => {
    const config = loadConfig({ DEEPL_API_URL: 'http://127.0.0.1:9001', GOOGLE_TRANSLATE_URL: 'http://127.0.0.1:9002', LIBRETRANSLATE_URL: 'http://127.0.0.1:9003', OPENAI_BASE_URL: 'http://127.0.0.1:9004/v1' });
    expect([config.DEEPL_API_URL, config.GOOGLE_TRANSLATE_URL, config.LIBRETRANSLATE_URL, config.OPENAI_BASE_URL]).toEqual(['http://127.0.0.1:9001', 'http://127.0.0.1:9002', 'http://127.0.0.1:9003', 'http://127.0.0.1:9004/v1']);
    expect(loadConfig({}).DEEPL_API_URL).toBeUndefined();
    expect(() => loadConfig({ OPENAI_BASE_URL: 'the model server' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, dbKind: 'pglite' });
  });
});

describe('backup settings', () => {
  it('back up daily at 02:00 Sydney time, keep 14, in DATA_DIR/backups, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_TIME: '02:00 Australia/Sydney', BACKUP_KEEP: 14, backupS3: null });
    expect(loadConfig({ BACKUP_TIME: '23:30', BACKUP_KEEP: '30' })).toMatchObject({ BACKUP_TIME: '23:30', BACKUP_KEEP: 30 });
    expect(loadConfig({ BACKUP_TIME: '03:15 Australia/Perth' }).BACKUP_TIME).toBe('03:15 Australia/Perth');
  });

  it('stop start-up with one line for a bad time, zone or count', () => {
    expect(() => loadConfig({ BACKUP_TIME: '2am' })).toThrow(/^Invalid environment variable BACKUP_TIME: must be HH:MM \(24-hour\)/);
    expect(() => loadConfig({ BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ BACKUP_TIME: '02:00 Mars/Olympus' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ BACKUP_KEEP: '31' })).toThrow(/^Invalid environment variable BACKUP_KEEP: must be at most 30: no backup is kept longer than 30 days$/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be at least 1/);
    expect(() => loadConfig({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY: must be 32 bytes/);
  });

  it('put backups in BACKUP_BUCKET with the S3 settings files use, which it then requires', () => {
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://minio:9000' };
    expect(loadConfig({ BACKUP_BUCKET: 'church-backups', ...keys })).toMatchObject({ s3: null, backupS3: { bucket: 'church-backups', endpoint: 'http://minio:9000' } });
    expect(() => loadConfig({ BACKUP_BUCKET: 'church-backups' })).toThrow(/S3_ACCESS_KEY_ID: required when BACKUP_BUCKET is set/);
  });
});
