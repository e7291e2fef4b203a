// What the parts of `npm run bench` share: their figures' shape, the median, and running one of
// them alone (`tsx bench/restore.ts`, `tsx bench/intent.ts`).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

interface BenchTarget {
  name: string;
  value: number;
  ok: boolean;
  /** `npm run bench` fails when a gated target is missed. */
  gated: boolean;
}

export interface BenchPart<Visit> {
  visits: Visit[];
  targets: BenchTarget[];
  report: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The launcher's centre once it shows, where a pointer or a finger goes (`name`: its label in the page's language). */
export async function launcherCentre(page: Page, name: string): Promise<[number, number]> {
  const launcher = page.getByRole('button', { name, exact: true });
  await launcher.waitFor();
  const box = (await launcher.boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** True when the module at `moduleUrl` is the script node was asked to run. */
export const isMain = (moduleUrl: string) => !!process.argv[1] && fileURLToPath(moduleUrl) === process.argv[1];

/** Runs one part of the bench against the built dist/parley.js, prints it, and sets the exit code. */
export async function runAlone<Visit>(part: (browser: Browser, parleyJs: Buffer) => Promise<BenchPart<Visit>>): Promise<void> {
  const bundlePath = fileURLToPath(new URL('../dist/parley.js', import.meta.url));
  if (!existsSync(bundlePath)) {
    console.error('bench: dist/parley.js is missing; run `npm run build` first.');
    process.exit(2);
  }
  const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
  try {
    const { report, targets } = await part(browser, readFileSync(bundlePath));
    console.log(`\n${report}\n\ntargets\n${targets.map((t) => `  ${t.ok ? 'ok  ' : 'FAIL'}  ${t.name}: ${t.value}`).join('\n')}`);
    process.exitCode = targets.every((t) => t.ok || !t.gated) ? 0 : 1;
  } finally {
    await browser.close();
  }
}
