// The engines layer: the contract's core (scenarios.ts) in Firefox ESR and WebKitGTK, the
// engines Playwright cannot drive here. Part of `npm test` after the Chromium suite; alone:
//
//   npm run test:browsers            (after `npm run build`; it finds a display with xvfb-run)
//   PARLEY_ENGINES=webkit PARLEY_SCENARIOS=reload npm run test:browsers     (some of them)
//
// It serves the repository with Vite (the emulator under /parley-emulator, dist/ byte for byte) and opens the
// customer's page on http://localhost:<port> with the widget and the service from
// http://127.0.0.1:<port>: another origin, as a site embedding a CDN's copy.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'vite';
import type { Engine } from './driver.ts';
import { emulatorAt } from './emulator-control.ts';
import { SCENARIOS } from './scenarios.ts';

// WebdriverIO's client logs every session at "info"; it reads its level when first imported.
process.env.WDIO_LOG_LEVEL ??= 'warn';
const { FIREFOX_BINARY, launchFirefox } = await import('./firefox.ts');
const { MINIBROWSER, WEBKIT_DRIVER, launchWebKit } = await import('./webkit.ts');
const XVFB_RUN = '/usr/bin/xvfb-run';

// WebKit's MiniBrowser opens a window: without a display, run again inside a virtual one.
if (!process.env.DISPLAY && existsSync(XVFB_RUN)) {
  const again = spawnSync(XVFB_RUN, ['-a', process.execPath, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const PORT = Number(process.env.PARLEY_ENGINES_PORT ?? 5198);
const INSTALL = 'apt-get install -y firefox-esr webkit2gtk-driver xvfb';

interface EngineSpec {
  name: Engine['name'];
  needs: string[];
  launch(): Promise<Engine>;
}

const ENGINES: EngineSpec[] = [
  { name: 'firefox', needs: [FIREFOX_BINARY], launch: launchFirefox },
  { name: 'webkit', needs: [WEBKIT_DRIVER, MINIBROWSER], launch: launchWebKit },
];

function missing(): string[] {
  const absent = ENGINES.flatMap((engine) => engine.needs.filter((file) => !existsSync(file)));
  if (!process.env.DISPLAY) absent.push(`a display for WebKit (${XVFB_RUN})`);
  return absent;
}

async function runEngine(spec: EngineSpec, widgetOrigin: string, siteOrigin: string): Promise<boolean> {
  const emulator = emulatorAt(widgetOrigin);
  const started = Date.now();
  const engine = await spec.launch();
  console.log(`\n${spec.name} (${engine.version}), launched in ${Date.now() - started} ms`);
  let ok = true;
  try {
    for (const scenario of SCENARIOS.filter((candidate) => candidate.name.includes(process.env.PARLEY_SCENARIOS ?? ''))) {
      await emulator.reset();
      const page = await engine.newPage();
      const site = (query: Record<string, string> = {}, file = 'cross-origin.html') =>
        `${siteOrigin}/e2e/site/${file}?${new URLSearchParams({ from: widgetOrigin, ...query })}`;
      const at = Date.now();
      try {
        await engine.takeDownloads?.(); // none left from an earlier scenario
        const remark = await scenario.run({ engine: spec.name, page, emulator, site, widgetOrigin, takeDownloads: engine.takeDownloads });
        console.log(`  ok    ${scenario.name} (${((Date.now() - at) / 1000).toFixed(1)} s)${remark ? `: ${remark}` : ''}`);
      } catch (error) {
        ok = false;
        console.log(
          `  FAIL  ${scenario.name} (${((Date.now() - at) / 1000).toFixed(1)} s): ${error instanceof Error ? error.message : String(error)}`,
        );
        for (const line of await emulator.lastFrames(4)) console.log(`        the service got: ${line}`);
      } finally {
        await page.closeProfile().catch(() => undefined);
      }
    }
  } finally {
    await engine.close();
  }
  return ok;
}

const absent = missing();
if (absent.length > 0) {
  console.error(`The engines layer (Firefox and WebKit) needs: ${absent.join(', ')}.\nInstall them with: ${INSTALL}`);
  process.exit(1);
}

const server = await createServer({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  server: { port: PORT, strictPort: true, host: '127.0.0.1' },
});
await server.listen();
const results: boolean[] = [];
try {
  for (const engine of ENGINES.filter((candidate) => (process.env.PARLEY_ENGINES ?? 'firefox,webkit').split(',').includes(candidate.name)))
    results.push(await runEngine(engine, `http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`));
} finally {
  await server.close();
}
process.exit(results.every(Boolean) ? 0 : 1);
