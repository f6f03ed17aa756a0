import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** An address no other journey uses, so journeys never depend on each other. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A member made through the public signup API, for journeys that are not about signing up. */
export async function createMember(request: APIRequestContext, firstName = 'Esther') {
  const churches = await request.get('/api/v1/churches/public');
  expect(churches.ok()).toBe(true);
  // The demo admin's church: other journeys create churches that may sort before it.
  const list = (await churches.json()) as Array<{ id: string; name: string }>;
  const church = list.find((c) => c.name === 'Harbour City Church') ?? list[0];
  const email = uniqueEmail(firstName.toLowerCase());
  const password = 'journey123';
  const res = await request.post('/api/v1/auth/signup', {
    data: {
      firstName,
      lastName: 'Journey',
      email,
      phone: '0411222333',
      suburb: 'Newtown',
      dateOfBirth: '1988-02-14',
      churchId: church!.id,
      password,
      confirmPassword: password,
      termsAccepted: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  // The browser signs in through the form; this API session is not needed.
  await request.post('/api/v1/auth/logout');
  return { email, password, firstName };
}

/** Signs in through the form at `/`, as a person would, and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

interface OutboxMessage {
  to: string;
  text: string;
  date: string;
}

/** The newest reset code mailed to `email`; in development mail goes to DATA_DIR/outbox/ as JSON files. */
export async function latestResetCode(email: string, notBefore: number, timeoutMs = 5000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for the server it starts)');
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    const messages = await Promise.all(
      names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMessage),
    );
    const mine = messages.filter((m) => m.to === email && Date.parse(m.date) >= notBefore);
    const code = mine.at(-1)?.text.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no reset code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (solid colour, RGB), so the server's byte check and re-encoding see a genuine image. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
