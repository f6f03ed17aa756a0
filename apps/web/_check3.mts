import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const url of (process.argv[2] ?? '/,/signup').split(',').flatMap((u) => Array(6).fill(u))) {
  const c = await b.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-AU', hasTouch: true });
  const p = await c.newPage();
  const errs: string[] = [];
  p.on('pageerror', (e) => errs.push(e.message.slice(0, 200)));
  p.on('console', (m) => m.type() === 'error' && errs.push(m.text().slice(0, 200)));
  await p.goto((process.env.BASE ?? 'http://localhost:3999') + url, { waitUntil: 'networkidle' });
  await p.waitForTimeout(800);
  const text = (await p.locator('#root').innerText()).slice(0, 40).replace(/\n/g, ' ');
  console.log(url, JSON.stringify(text), errs);
  await c.close();
}
await b.close();
