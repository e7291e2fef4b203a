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
  execFileSync('npm', ['install', `./${tarball}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project,
    stdio: 'pipe',
  });
});

test.afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

interface PackedEmulator {
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** The emulator's own process (npx runs it as a child), for its memory. */
  pid: number;
  stop(): void;
}

/** `npx parley-emulator <args>` in the user's project; resolves once it prints its URL. */
async function startPacked(args: string[]): Promise<PackedEmulator> {
  // A process group of its own: npx runs the emulator as its child, and both must stop.
  const child = spawn('npx', ['parley-emulator', '--port', '0', ...args], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const stop = () => process.kill(-child.pid!, 'SIGTERM');
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Parley emulator on (http:\/\/\S+)/.exec(out);
        if (found) resolveUrl(found[1]!);
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    const port = new URL(url).port;
    // The process that listens on the port: the node that npx started.
    const pid = Number(
      execFileSync('sh', ['-c', `ss -Hltnp 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`], {
        encoding: 'utf8',
      }).trim() || child.pid,
    );
    return { url, output: () => out, pid, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

test('npx parley-emulator starts from an installed package and serves the whole service', async () => {
  const emulator = await startPacked(['--api-key', 'k1']);
  const { url } = emulator;
  try {
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
    emulator.stop();
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
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['check.ts'],
    }),
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

test("the OpenAPI document resolves as 'parley-chat/emulator/openapi.json', the address left to fill, and the emulator serves the same", async () => {
  const script =
    "import { readFileSync } from 'node:fs'; const path = import.meta.resolve('parley-chat/emulator/openapi.json'); process.stdout.write(readFileSync(new URL(path), 'utf8'));";
  const shipped = JSON.parse(execFileSync('node', ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' }));
  expect(shipped.openapi).toMatch(/^3\.1\./);
  expect(shipped.servers[0].url).toBe('{emulator}');
  const emulator = await startPacked(['--api-key', 'k1']);
  try {
    const served = await (await fetch(`${emulator.url}/openapi.json`)).json();
    expect(served.servers).toEqual([{ url: emulator.url }]);
    expect({ ...served, servers: shipped.servers }).toEqual(shipped);
  } finally {
    emulator.stop();
  }
});

test('the widget entry of the package carries no emulator code', () => {
  const entry = execFileSync(
    'node',
    [
      '-e',
      "process.stdout.write(require('fs').readFileSync(require.resolve('parley-chat/package.json').replace('package.json','dist/index.js'),'utf8'))",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  expect(entry).not.toMatch(/from ['"](ws|node:http)['"]/);
  expect(entry).not.toContain('startEmulator');
});

test('the packed emulator beside any browser: a random key printed, the old one refused, the receiver private, a warning off loopback', async () => {
  const emulator = await startPacked([]);
  try {
    await expect.poll(() => emulator.output()).toContain('webhooks:'); // the last line of its banner
    const printed = /Authorization: (parley-rest-[\w-]{24})/.exec(emulator.output())?.[1];
    const management = /Authorization: Bearer (parley-mgmt-[\w-]{24})/.exec(emulator.output())?.[1];
    expect(printed, emulator.output()).toBeDefined();
    expect(management, emulator.output()).toBeDefined();
    const foreign = { origin: 'http://evil.example' };
    expect(
      (await fetch(`${emulator.url}/rest/v1/threads?page=1`, { headers: { ...foreign, authorization: 'parley-api-key' } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${emulator.url}/v1/projects/parley-demo/flows`, { headers: { authorization: 'Bearer parley-management-key' } })).status,
    ).toBe(401);
    expect((await fetch(`${emulator.url}/rest/v1/threads?page=1`, { headers: { authorization: printed! } })).status).toBe(200);
    expect(
      (await fetch(`${emulator.url}/v1/projects/parley-demo/flows`, { headers: { authorization: `Bearer ${management}` } })).status,
    ).toBe(200);
    const read = await fetch(`${emulator.url}/receiver`, { headers: foreign });
    expect([read.status, read.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    const preflight = await fetch(`${emulator.url}/receiver`, {
      method: 'OPTIONS',
      headers: { ...foreign, 'access-control-request-method': 'DELETE' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    const consoleState = await fetch(`${emulator.url}/console/api/state`, { headers: foreign });
    expect([consoleState.status, (await consoleState.text()).includes(printed!)]).toEqual([403, false]);
    const fail = await fetch(`${emulator.url}/receiver/fail`, {
      method: 'POST',
      headers: { ...foreign, 'content-type': 'text/plain' },
      body: '{"count":3}',
    });
    expect(fail.status).toBe(403);
    expect((await (await fetch(`${emulator.url}/receiver`)).json()).failNext.count).toBe(0);
    expect(emulator.output()).not.toContain('warning');
  } finally {
    emulator.stop();
  }
  const everywhere = await startPacked(['--host', '0.0.0.0', '--quiet']);
  try {
    // On stderr, which may reach us after the URL on stdout.
    await expect.poll(() => everywhere.output()).toContain('which other machines on the network can reach');
  } finally {
    everywhere.stop();
  }
});

test('the packed emulator refuses slow inputs at once and prints control characters escaped (issue 27)', async () => {
  const { request } = await import('node:http');
  type Answer = { status: number; text: string; ms: number };
  // Each request on a connection of its own, so a stalled one cannot hold the next one's socket.
  const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    const started = performance.now();
    let onSent!: () => void;
    const sent = new Promise<void>((resolveSent) => (onSent = resolveSent));
    const answer = new Promise<Answer>((resolveAnswer, reject) => {
      const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolveAnswer({ status: res.statusCode!, text, ms: performance.now() - started }));
      });
      req.on('error', reject);
      req.end(init.body, onSent);
    });
    return { sent, answer };
  };
  const emulator = await startPacked(['--api-key', 'k27']);
  const { url } = emulator;
  try {
    /** The slow input's answer, and that of GET /health sent as soon as the input was on the wire. */
    const withHealthBehind = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
      const slow = send(`${url}${path}`, init);
      await slow.sent;
      const health = send(`${url}/health`).answer;
      return { answer: await slow.answer, health: await health };
    };
    const email = `a@${'.'.repeat(80_000)}@`; // took 7.2 s to refuse before
    const body = JSON.stringify({
      payload: { type: 'text', speech: 'hi', originator: { name: 'Ann', role: 'external', profile: { email } } },
    });
    const cases: {
      path: string;
      init: { method?: string; headers?: Record<string, string>; body?: string };
      status: number;
      field: string;
    }[] = [
      {
        path: '/rest/v1/messages/t27',
        init: { method: 'POST', headers: { authorization: 'k27', 'content-type': 'application/json' }, body },
        status: 400,
        field: 'payload.originator.profile.email',
      },
      { path: `/rest/v1/messages/t27${'/'.repeat(14_000)}x`, init: { headers: { authorization: 'k27' } }, status: 414, field: 'path' }, // took 1.8 s before
    ];
    for (const { path, init, status, field } of cases) {
      const { answer, health } = await withHealthBehind(path, init);
      expect([answer.status, JSON.parse(answer.text).field]).toEqual([status, field]);
      expect(answer.ms).toBeLessThan(500);
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(200);
    }

    // A page's client id carrying OSC 52 (a clipboard write) and a screen clear.
    const clientId = 'c\x1b]52;c;aGk=\x07\x1b[2J';
    const { answer, health } = await withHealthBehind(`/socket.info?sessionId=s27&clientId=${encodeURIComponent(clientId)}`);
    expect(answer.status).toBe(200);
    expect(health.ms).toBeLessThan(200);
    await expect.poll(() => emulator.output(), { timeout: 5_000 }).toContain('address plain c\\x1b]52;c;aGk=\\x07\\x1b[2J/s27 -> 200');
    expect(emulator.output()).not.toContain('\x1b');
    expect(emulator.output()).not.toContain('\x07');
  } finally {
    emulator.stop();
  }
});

test('the packed emulator keeps bounds: 4,000 frames of 60 kB from one client grow it by less than 200 MB', async () => {
  // Issue 27: the emulator as installed runs in its own process (so the sender's memory is not
  // counted), with --expose-gc so that GET /__control/memory collects garbage before it answers.
  const { describeLoad, measureLoad, startChildEmulator } = await import('../test/emulator/memory-load.ts');
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
