import { expect } from 'vitest';
import type { useCastApp } from '../../../test/helpers/cast-app';
import { multipart } from '../../../test/helpers/uploads';
import { kickImportWorker } from './worker';

type CastApp = ReturnType<typeof useCastApp>;

/** The API steps of an import, as the screens take them, for the module's test files. */
export function importSteps(app: CastApp) {
  async function upload(cookie: string, text: string | Buffer, filename = 'people.csv', fields: Record<string, string> = {}) {
    const body = await multipart(typeof text === 'string' ? Buffer.from(text) : text, filename, 'text/csv', 'file', fields);
    return app.t.app.inject({ method: 'POST', url: '/api/v1/people-imports', headers: { cookie, 'content-type': body.contentType }, payload: body.payload });
  }

  /** Uploads, previews with the automatic matches, confirms and waits for the job. */
  async function importFile(cookie: string, text: string | Buffer, filename = 'people.csv', invite = false) {
    const up = await upload(cookie, text, filename);
    expect(up.statusCode, up.body).toBe(201);
    const mapping = up.json().columns.map((c: { field: string | null }) => c.field);
    const preview = await app.call('POST', `/people-imports/${up.json().id}/preview`, cookie, { mapping });
    const confirm = await app.call('POST', `/people-imports/${up.json().id}/confirm`, cookie, { mapping, invite });
    expect(confirm.statusCode, confirm.body).toBe(202);
    await kickImportWorker(app.t.ctx);
    await kickImportWorker(app.t.ctx);
    return { id: up.json().id as string, preview: preview.json(), status: (await app.call('GET', `/people-imports/${up.json().id}`, cookie)).json() };
  }

  return { upload, importFile };
}
