import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@app/shared';
import { useCastApp } from '../../../test/helpers/cast-app';
import { multipart } from '../../../test/helpers/uploads';
import { importSteps } from './import-test-helpers';
import { MAX_COLUMNS } from './read-xlsx';
import { repeatedRows, workbookOf } from './zip-fixtures';

const app = useCastApp();
const { upload } = importSteps(app);

/** Sends `body` to the upload in pieces of the given sizes, as a slow or odd client would. */
async function uploadInPieces(cookie: string, body: { payload: Buffer; contentType: string }, sizes: (payload: Buffer) => number[]) {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of sizes(body.payload)) { pieces.push(body.payload.subarray(at, at + size)); at += size; }
  if (at < body.payload.length) pieces.push(body.payload.subarray(at));
  return app.t.app.inject({ method: 'POST', url: '/api/v1/people-imports', headers: { cookie, 'content-type': body.contentType }, payload: Readable.from(pieces) });
}

describe('files that could hurt the server (decision 042)', () => {
  it('refuses an upload over the limit with 413 wherever its pieces are cut, the limit on a piece’s edge included', async () => {
    const line = 'Maria,Santos,maria@example.com,0412345678,Ryde\n';
    const csv = Buffer.from(`First Name,Last Name,Email,Mobile,Suburb\n${line.repeat(Math.ceil((IMPORT_MAX_BYTES + 200_000) / line.length))}`);
    const body = await multipart(csv, 'people.csv', 'text/csv');
    const fileStart = body.payload.indexOf(csv.subarray(0, 30));
    const cuts: Array<(p: Buffer) => number[]> = [
      (p) => [p.length],
      (p) => Array(Math.ceil(p.length / 65_536)).fill(65_536),
      () => [fileStart + IMPORT_MAX_BYTES],
      () => [fileStart + IMPORT_MAX_BYTES - 1, 1],
    ];
    for (const cut of cuts) {
      const res = await uploadInPieces(app.cast.churchAdmin.cookie, body, cut);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    }
  }, 60_000);

  it('refuses a workbook declaring more than it may unpack to, before inflating it', async () => {
    const bomb = workbookOf(repeatedRows(10), 150 * 1024 * 1024);
    const res = await upload(app.cast.churchAdmin.cookie, bomb, 'people.xlsx');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors[0].key).toBe('peopleImport.errors.zipBomb');
  });

  it('refuses a sheet that inflates past the size it declares', async () => {
    const liar = workbookOf(repeatedRows(50_000), 1000);
    const res = await upload(app.cast.churchAdmin.cookie, liar, 'people.xlsx');
    expect(res.statusCode, res.body).toBe(413);
  });

  it('stops a small workbook of 200,000 rows, under the size limit, at the row limit; memory and /health stay well', async () => {
    const bomb = workbookOf(repeatedRows(200_000));
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = process.memoryUsage().rss;
    let peak = before;
    let longestWait = 0;
    let done = false;
    const health = (async () => {
      while (!done) {
        const asked = Date.now();
        const res = await app.t.app.inject({ method: 'GET', url: '/api/v1/health' });
        expect(res.statusCode).toBe(200);
        longestWait = Math.max(longestWait, Date.now() - asked);
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await upload(app.cast.churchAdmin.cookie, bomb, 'people.xlsx');
    done = true;
    await health;
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors[0].key).toBe('peopleImport.errors.tooManyRows');
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    expect(longestWait).toBeLessThan(1000);
  }, 30_000);

  it('refuses a row wider than a sheet of people is, with a plain message', async () => {
    const wide = workbookOf(repeatedRows(2, MAX_COLUMNS + 1));
    const res = await upload(app.cast.churchAdmin.cookie, wide, 'people.xlsx');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors[0].key).toBe('peopleImport.errors.tooManyCells');
  });
});
