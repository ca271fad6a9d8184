import { chromium, devices } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
let n = 0;
async function one(i, url) {
  const ctx = await b.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const p = await ctx.newPage();
  p.on('console', m => { if (m.type()==='error') { n++; console.log(i, m.text().slice(0,100)); } });
  await p.goto(url);
  await p.waitForTimeout(2000);
  await ctx.close();
}
await Promise.all([one(1, process.argv[2]), one(2, process.argv[2] + 'explore')]);
console.log('errors', n);
await b.close();
