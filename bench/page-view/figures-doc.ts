// The page view's figures as a section of docs/figures.md, between its two markers (added at the
// end of the file the first time). Nothing else in the file changes: the sizes and areas blocks
// above it belong to scripts/check-size.mjs, the side-by-side one to bench/side-by-side.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import type { RunInfo } from './report.ts';
import type { PageViewFigures } from './summary.ts';

const BEGIN = '<!-- page-view: bench/page-view.ts writes this section -->';
const END = '<!-- /page-view -->';

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

function markdown(f: PageViewFigures, info: RunInfo): string {
  const { plain, profiled } = f;
  return [
    BEGIN,
    `The loader's page view (\`npx tsx bench/page-view.ts\`, in \`npm run bench\`): a first visit of a small page with the one-line embed, ${f.rounds} rounds of each kind, medians; Chromium ${info.chromium}, load average ${info.load}. Wall times carry waits for a core: compare the CPU column.`,
    '',
    '| figure | median |',
    '|---|---|',
    `| launcher on screen after the script starts (EvaluateScript → the launcher's frame committed) | ${ms(plain.scriptToLauncher.median)} (p95 ${ms(plain.scriptToLauncher.p95)}) |`,
    `| parley.js received → launcher laid out (in the page) | ${ms(plain.responseEndToLauncher.median)} |`,
    `| the task that runs parley.js | ${ms(plain.scriptTask.wall)} wall, ${ms(plain.scriptTask.cpu)} CPU |`,
    `| of which: compile on the main thread / evaluate / microtasks | ${ms(plain.compileMain.cpu)} / ${ms(plain.evaluate.cpu)} / ${ms(plain.mount.cpu)} CPU |`,
    `| streaming compile, off the main thread | ${ms(plain.compileBackground)} |`,
    `| first render until the launcher (style, layout, paint, commit) | ${ms(plain.render.wall)} wall, ${ms(plain.render.cpu)} CPU |`,
    `| style or layout forced inside the loader's JavaScript | ${profiled.forced.count === 0 ? 'none' : `${profiled.forced.count} a round, ${ms(profiled.forced.wall)}`} |`,
    `| the element's definition / the constructed sheet's CSS parse / the element's reactions (trace, profiled) | ${ms(profiled.define.cpu)} / ${ms(profiled.sheetParse.cpu)} / ${ms(profiled.reactions.cpu)} CPU |`,
    `| synchronous calls to the browser process inside the loader's JavaScript (${profiled.syncIpc.names.join(', ')}; profiled) | ${profiled.syncIpc.count} a round, ${ms(profiled.syncIpc.wall)} wall, ${ms(profiled.syncIpc.cpu)} CPU |`,
    `| the loader's later task (#queueStart's timer; profiled) | ${ms(profiled.laterTasks.cpu)} CPU |`,
    '',
    `Where the loader's time goes (CPU profile, a sample every ${info.sampling} µs, beside the trace; share: of the ${profiled.all.samples} samples of all rounds; ≈ ms: share × the median round's busy time, the loader's traced CPU time plus its waits for the browser process, ${ms(profiled.all.busyMs)} under the profiler; there the script's evaluation takes ${ms(profiled.evaluate.cpu)} of CPU against ${ms(plain.evaluate.cpu)} in host-cost's visit):`,
    '',
    '| part | share | ≈ ms |',
    '|---|---|---|',
    ...profiled.parts.map((p) => `| ${p.part} | ${pct(p.share)} | ${p.ms.toFixed(2)} |`),
    `| all the loader's JavaScript and its tasks (their traced CPU time: ${ms(profiled.all.cpuMs)}) | 100% | ${profiled.all.busyMs.toFixed(2)} |`,
    '',
    'The loader\'s functions by self time (source-mapped through dist/parley.js.map; a browser API as "api ← caller"):',
    '',
    '| function | where | share | ≈ ms |',
    '|---|---|---|---|',
    ...profiled.hot.map((h) => `| \`${h.name}\` | ${h.where} | ${pct(h.share)} | ${h.ms.toFixed(2)} |`),
    END,
  ].join('\n');
}

export function writeFiguresDoc(path: string, figures: PageViewFigures, info: RunInfo): void {
  const text = readFileSync(path, 'utf8');
  const section = markdown(figures, info);
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}` : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}
