// Throwaway A/B: main-thread work (script, style, layout) of variants of dist/parley.js.
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';
import { customerPage, startServer } from './server.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';
const ROUNDS = Number(process.env.R ?? 9);
const base = readFileSync(process.env.S ?? 'dist/parley.js', 'utf8');
const variants: Record<string, string> = { base };
const mods = JSON.parse(process.env.V ?? '{}') as Record<string, [string, string][]>;
for (const [name, reps] of Object.entries(mods)) { let s = base; for (const [a, b] of reps) { if (!s.includes(a)) throw new Error(`${name}: no ${a}`); s = s.split(a).join(b); } variants[name] = s; }
for (const f of (process.env.F ?? '').split(',').filter(Boolean)) variants[f] = readFileSync(f, 'utf8');
const routes: any = { '/plain0': { type: 'text/html', body: () => customerPage('') } };
for (const [name, js] of Object.entries(variants)) {
  routes[`/v-${name}.js`] = { type: 'text/javascript', body: () => js };
  routes[`/p-${name}`] = { type: 'text/html', body: (o: string) => customerPage(`<script src="/v-${name}.js" data-client-id="bench" data-base-url="${o}/parley-emulator" async></script>`) };
}
async function once(browser: Browser, origin: string, path: string, widget: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tab = await context.newPage(); const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); await cdp.send('Performance.enable');
    await tab.goto(origin + path, { waitUntil: 'load' });
    if (widget) await tab.locator('parley-chat [part~="launcher"]').waitFor(); else if (process.env.W) await tab.locator('body').waitFor();
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await tab.waitForTimeout(500);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = (n: string) => (metrics.find((x) => x.name === n)?.value ?? 0) * 1000;
    return [m('ScriptDuration'), m('RecalcStyleDuration'), m('LayoutDuration'), metrics.find((x) => x.name === 'RecalcStyleCount')?.value ?? 0, metrics.find((x) => x.name === 'LayoutCount')?.value ?? 0];
  } finally { await context.close(); }
}
const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
const server = await startServer(Buffer.from(base), routes);
const names = ['plain0', ...Object.keys(variants)];
const res: Record<string, number[][]> = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) await once(browser, server.origin, n === 'plain0' ? '/plain0' : `/p-${n}`, n !== 'plain0');
for (let i = 0; i < ROUNDS; i++) for (const n of names) res[n]!.push(await once(browser, server.origin, n === 'plain0' ? '/plain0' : `/p-${n}`, n !== 'plain0'));
await browser.close(); await server.close();
const med = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
const p = res.plain0!;
for (const n of names) {
  const r = res[n]!; const col = (k: number) => r.map((x) => x[k]!); const pc = (k: number) => p.map((x) => x[k]!);
  const tot = r.map((x) => x[0]! + x[1]! + x[2]!); const ptot = p.map((x) => x[0]! + x[1]! + x[2]!);
  console.log(n.padEnd(14), 'abs script', med(col(0)).toFixed(2), 'min', Math.min(...col(0)).toFixed(2), 'style', med(col(1)).toFixed(2), 'layout', med(col(2)).toFixed(2), '|', 'total floor', (Math.min(...tot) - Math.min(...ptot)).toFixed(2), 'med', (med(tot) - med(ptot)).toFixed(2), '| script', (med(col(0)) - med(pc(0))).toFixed(2), 'style', (med(col(1)) - med(pc(1))).toFixed(2), 'layout', (med(col(2)) - med(pc(2))).toFixed(2), 'styleN', med(col(3)) - med(pc(3)), 'layoutN', med(col(4)) - med(pc(4)));
}
