import { chromium } from '@playwright/test';
const [,, base, ...paths] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const p = await ctx.newPage();
for (const entry of paths) {
  const [path, login] = entry.split('@');
  if (login) await p.request.post(`${base}/api/auth/demo-login`, { data: { role: login } });
  await p.goto(base + path); await p.waitForTimeout(1200);
  const name = '/tmp/shot-' + (path.replace(/[^a-z0-9]/gi, '_') || 'root') + (login ?? '') + '.png';
  await p.screenshot({ path: name, fullPage: false }); console.log(name);
}
await b.close();
