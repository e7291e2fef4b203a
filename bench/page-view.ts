// The loader's page view, part by part (issue 31): where a first visit's time goes in
// dist/parley.js, and how long until its launcher is on screen.
//
//   tsx bench/page-view.ts                  (PARLEY_PAGE_VIEW_RUNS=9 rounds; run `npm run build` first)
//   PARLEY_BENCH_SCRIPT=../old/dist/parley.js tsx bench/page-view.ts   (another build; its .map if any;
//                                           docs/figures.md is then left alone)
//
// Each round is two first visits of the widget page (bench/server.ts) in fresh contexts:
//   - host-cost's own visit (bench/measure.ts: a trace, no profiler): the script's task and the
//     launcher on screen after the script starts, as `npm run bench` gates it;
//   - a profiled visit (page-view/profiled-visit.ts): the CPU profile (CDP Profiler) says which of
//     the loader's parts and functions the time goes to, the trace (Tracing, with Blink's events)
//     what Blink names itself and whether anything forces style or layout.
// Prints the medians and writes them into docs/figures.md (its page-view section).
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { visit, type Visit } from './measure.ts';
import { startServer } from './server.ts';
import { writeFiguresDoc } from './page-view/figures-doc.ts';
import { profiledVisit, SAMPLING_US } from './page-view/profiled-visit.ts';
import { reportText, type RunInfo } from './page-view/report.ts';
import { readRound, type ProfiledRound } from './page-view/round.ts';
import { loadNamer } from './page-view/source-map.ts';
import { summarise } from './page-view/summary.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

const ROUNDS = Number(process.env.PARLEY_PAGE_VIEW_RUNS ?? 9);
const SETTLE_MS = 300;

const root = fileURLToPath(new URL('..', import.meta.url));
const scriptPath = process.env.PARLEY_BENCH_SCRIPT ?? `${root}dist/parley.js`;
if (!existsSync(scriptPath)) {
  console.error('bench: dist/parley.js is missing; run `npm run build` first.');
  process.exit(2);
}
const bundle = readFileSync(scriptPath);
const nameOf = loadNamer(scriptPath);
const isLoader = (url: string) => url.endsWith('/parley.js');
const load = () => Math.round(loadavg()[0]! * 10) / 10;

const started = Date.now();
const loadAtStart = load();
const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
const server = await startServer(bundle, {
  '/blank': { type: 'text/html; charset=utf-8', body: () => '<!doctype html><title>blank</title>' },
});
const plain: Visit[] = [];
const profiled: ProfiledRound[] = [];
try {
  // A fresh browser's first visits pay for its start-up and cold caches: one of each, not counted.
  await visit(browser, server.origin, 'widget', SETTLE_MS);
  await profiledVisit(browser, server.origin, SETTLE_MS);
  for (let i = 0; i < ROUNDS; i++) {
    plain.push(await visit(browser, server.origin, 'widget', SETTLE_MS));
    profiled.push(readRound(await profiledVisit(browser, server.origin, SETTLE_MS), isLoader, nameOf));
  }
} finally {
  await browser.close();
  await server.close();
}

const figures = summarise(plain, profiled);
const info: RunInfo = {
  chromium: browser.version(),
  bundleKb: bundle.length / 1000,
  seconds: (Date.now() - started) / 1000,
  load: `${loadAtStart} → ${load()} on ${cpus().length} cores`,
  sampling: SAMPLING_US,
};
console.log(reportText(figures, info));
if (!process.env.PARLEY_BENCH_SCRIPT) {
  writeFiguresDoc(`${root}docs/figures.md`, figures, info);
  console.log('wrote the page-view section of docs/figures.md');
}
