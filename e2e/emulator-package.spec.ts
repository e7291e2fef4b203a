// The emulator as a user who never saw this repository meets it: `npm pack`, install the tarball
// in an empty project, then `npx parley-emulator` and `import { startEmulator } from
// 'parley-chat/emulator'` from there (types checked too). No browser. Needs `npm run build`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const repo = resolve('.');
let project: string;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'parley-user-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', project], { cwd: repo, stdio: 'pipe' });
  const tarball = readdirSync(project).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'site-tests', private: true, type: 'module' }));
  // The registry is not needed: dependencies come from npm's cache (the repository's install filled it).
  execFileSync('npm', ['install', `./${tarball}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, stdio: 'pipe' });
});

test.afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

test('npx parley-emulator starts from an installed package and serves the whole service', async () => {
  // A process group of its own: npx runs the emulator as its child, and both must stop.
  const child = spawn('npx', ['parley-emulator', '--port', '0', '--api-key', 'k1'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Parley emulator on (http:\/\/\S+)/.exec(out);
        if (found) resolveUrl(found[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const page = await fetch(`${url}/console/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>');
    const address = await (await fetch(`${url}/socket.info?sessionId=s1&clientId=any`)).json();
    expect(address.payload.endpoint).toMatch(/^ws:\/\//);
    const rest = await fetch(`${url}/rest/v1/messages/t1?sync=true`, {
      method: 'POST',
      headers: { authorization: 'k1', 'content-type': 'application/json' },
      body: JSON.stringify({ payload: { type: 'text', speech: 'hello', originator: { name: 'Ann', role: 'external' } } }),
    });
    expect(rest.status).toBe(200);
    expect((await rest.json()).messages.length).toBeGreaterThan(0);
    // The demo's media come with the package.
    const media = await fetch(`${url}/media/office.png`);
    expect([media.status, media.headers.get('content-type')]).toEqual([200, 'image/png']);
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
});

test("startEmulator imports from 'parley-chat/emulator', with types", async () => {
  writeFileSync(
    join(project, 'check.ts'),
    `import { startEmulator, type RunningEmulator } from 'parley-chat/emulator';
const emulator: RunningEmulator = await startEmulator({ port: 0, quiet: true, strict: true });
// @ts-expect-error: port is a number
await startEmulator({ port: 'x' });
console.log(emulator.url);
`,
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['check.ts'] }),
  );
  execFileSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, stdio: 'pipe' });

  writeFileSync(
    join(project, 'run.mjs'),
    `import { startEmulator } from 'parley-chat/emulator';
const emulator = await startEmulator({ port: 0, quiet: true });
const health = await fetch(emulator.url + '/health');
emulator.reset();
await emulator.close();
console.log(JSON.stringify({ url: emulator.url, health: health.status }));
`,
  );
  const out = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: project, encoding: 'utf8' }));
  expect(out.health).toBe(200);
  expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('the widget entry of the package carries no emulator code', () => {
  const entry = execFileSync('node', ['-e', "process.stdout.write(require('fs').readFileSync(require.resolve('parley-chat/package.json').replace('package.json','dist/index.js'),'utf8'))"], { cwd: project, encoding: 'utf8' });
  expect(entry).not.toMatch(/from ['"](ws|node:http)['"]/);
  expect(entry).not.toContain('startEmulator');
});

test('the packed emulator keeps bounds: 4,000 frames of 60 kB from one client grow it by less than 200 MB', async () => {
  // Issue 27: the emulator as installed runs in its own process (so the sender's memory is not
  // counted), with --expose-gc so that GET /__control/memory collects garbage before it answers.
  const { describeLoad, measureLoad, startChildEmulator } = await import('../emulator/memory-load.ts');
  const plan = { frames: 4000, frameBytes: 60_000 };
  const emulator = await startChildEmulator('npx', ['parley-emulator', '--port', '0', '--quiet'], {
    cwd: project,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
  });
  try {
    const result = await measureLoad(emulator.url, plan);
    const line = describeLoad(result, plan);
    console.log(`packed emulator: ${line}`);
    test.info().annotations.push({ type: 'memory', description: line });
    expect(result.after.via).toBe('control');
    expect(result.growthMB).toBeLessThan(200);
  } finally {
    emulator.stop();
  }
});
