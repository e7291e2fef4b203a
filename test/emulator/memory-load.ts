// The memory proof of issue 27: one socket client sends thousands of large frames to an emulator
// running in a process of its own, and the emulator's memory is read before and after (after a
// forced garbage collection), so what it keeps is measured, not what the sender holds.
//
//   node --import tsx test/emulator/memory-load.ts [frames] [frameBytes]
//
// The vitest test (memory.integration.test.ts) and the package test (e2e/emulator-package.spec.ts)
// use the same functions.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';

export interface ChildEmulator {
  url: string;
  child: ChildProcess;
  /** Stops the emulator (its whole process group: npx runs it as a child of its own). */
  stop(): void;
}

interface MemoryReading {
  rssMB: number;
  /** The emulator's process id, when known. */
  pid?: number;
  heapUsedMB?: number;
  /** `control`: `GET /__control/memory` (after a forced GC); `proc`: /proc/<pid>/status, no GC. */
  via: 'control' | 'proc';
  /** What the emulator keeps, by bound (control only). */
  kept?: Record<string, { count: number; bytes: number }>;
  webhooksUnsettled?: number;
}

export interface LoadPlan {
  frames: number;
  frameBytes: number;
}

export interface LoadResult {
  sent: number;
  seconds: number;
  before: MemoryReading;
  after: MemoryReading;
  growthMB: number;
  /** The highest RSS seen while the frames came (Linux), in MB. */
  peakMB?: number;
}

const MB = 1024 * 1024;

/** Starts `command args` (which prints `Parley emulator on <url>`) in its own process group. */
export function startChildEmulator(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildEmulator> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Parley emulator on (http:\/\/\S+)/.exec(out);
      if (found) resolve({ url: found[1]!, child, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${out}`)));
  });
}

/** The emulator's memory: its control API when it has `memory`, else the RSS of `pid`. */
async function readMemory(url: string, pid?: number): Promise<MemoryReading> {
  const res = await fetch(`${url}/__control/memory`).catch(() => undefined);
  if (res?.ok) {
    const body = (await res.json()) as {
      pid: number;
      memory: { rss: number; heapUsed: number };
      kept: MemoryReading['kept'];
      webhooksUnsettled: number;
    };
    return {
      rssMB: body.memory.rss / MB,
      pid: body.pid,
      heapUsedMB: body.memory.heapUsed / MB,
      via: 'control',
      kept: body.kept,
      webhooksUnsettled: body.webhooksUnsettled,
    };
  }
  if (pid === undefined) throw new Error('the emulator has no GET /__control/memory and no pid was given');
  return { rssMB: procRss(pid)!, pid, via: 'proc' };
}

/** The RSS of `pid` in MB from /proc (Linux), undefined where there is none. */
function procRss(pid: number): number | undefined {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return undefined;
  }
}

/** Samples the RSS of `pid` every 50 ms until stopped; resolves the highest seen (Linux only). */
function watchPeak(pid: number | undefined): () => number | undefined {
  let peak: number | undefined;
  const sample = () => {
    const rss = pid === undefined ? undefined : procRss(pid);
    if (rss !== undefined) peak = Math.max(peak ?? 0, rss);
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** An open socket of the emulator that counts what comes back and can wait for a pong. */
async function openSocket(url: string): Promise<{ ws: WebSocket; pong(): Promise<void>; received(): number }> {
  const address = (await (await fetch(`${url}/socket.info?sessionId=${randomUUID()}&clientId=any`)).json()) as {
    payload: { endpoint: string };
  };
  const ws = new WebSocket(address.payload.endpoint, { maxPayload: 0 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let received = 0;
  let pongWaiter: (() => void) | undefined;
  ws.on('message', (data) => {
    received++;
    // Only a pong is read: the echoes are as large as what was sent, and are not kept.
    if (pongWaiter && (data as Buffer).length < 64 && data.toString().includes('"pong"')) pongWaiter();
  });
  return {
    ws,
    received: () => received,
    pong: () =>
      new Promise<void>((resolve) => {
        pongWaiter = resolve;
        ws.send(JSON.stringify({ type: 'ping' }));
      }),
  };
}

/**
 * Frame `i` of the load, about `bytes` long: mostly distinct `message.send`s on one thread (a
 * new thread every 50) that the emulator takes, remembers, answers and sends to the webhook (the
 * bulk in the text: socket messages have no length limit; now and then in `originator.metadata`),
 * with unknown frame types, malformed JSON and refused payloads among them (logged too).
 */
function loadFrame(i: number, bytes: number, threadId: string): string {
  const filler = String.fromCharCode(97 + (i % 26)).repeat(bytes) + i; // distinct texts
  const thread = i % 50 === 3 ? `${threadId}-${i}` : threadId;
  switch (i % 20) {
    case 0:
      return JSON.stringify({ type: 'activity.user.typing', payload: { threadId, note: filler } });
    case 1:
      return `{"type":"message.send","payload":{"speech":"${filler}"`; // unterminated
    case 2:
      return JSON.stringify({ type: 'message.send', payload: { threadId, traceId: i, speech: 42, note: filler } });
    case 4:
      return JSON.stringify({
        type: 'message.send',
        payload: { threadId: thread, traceId: i, speech: `message ${i}`, originator: { role: 'external', metadata: { note: filler } } },
      });
    default:
      return JSON.stringify({ type: 'message.send', payload: { threadId: thread, traceId: i, speech: filler } });
  }
}

/** Sends the plan's frames on one socket and resolves once the emulator has handled them all. */
async function sendLoad(url: string, plan: LoadPlan): Promise<{ sent: number; seconds: number }> {
  const socket = await openSocket(url);
  const threadId = `memory-${randomUUID()}`;
  const started = performance.now();
  for (let i = 0; i < plan.frames; i++) {
    socket.ws.send(loadFrame(i, plan.frameBytes, threadId));
    // Let the socket drain now and then, as a browser would.
    if (socket.ws.bufferedAmount > 16 * MB) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await socket.pong(); // frames are handled in order: the pong comes after all of them
  const seconds = (performance.now() - started) / 1000;
  socket.ws.close();
  return { sent: plan.frames, seconds };
}

/**
 * Memory once the load has settled: the webhook deliveries it caused are done (or `limitMs`
 * passed) and the RSS moved less than 1 MB in half a second (V8 gives pages back lazily).
 */
async function settledMemory(url: string, pid: number | undefined, limitMs: number): Promise<MemoryReading> {
  const until = Date.now() + limitMs;
  let last = await readMemory(url, pid);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await readMemory(url, pid);
    const settled = !next.webhooksUnsettled && Math.abs(next.rssMB - last.rssMB) < 1;
    last = next;
    if (settled) break;
  }
  return last;
}

/** Memory before and after `plan`, for an emulator listening at `url` (pid: for /proc without the control call). */
export async function measureLoad(url: string, plan: LoadPlan, pid?: number, settleMs = 10_000): Promise<LoadResult> {
  await sendLoad(url, { frames: 20, frameBytes: 1000 }); // warm-up: code loaded and compiled
  const before = await settledMemory(url, pid, settleMs);
  const stopWatching = watchPeak(before.pid);
  const { sent, seconds } = await sendLoad(url, plan);
  const peakMB = stopWatching();
  const after = await settledMemory(url, pid, settleMs);
  return { sent, seconds, before, after, growthMB: after.rssMB - before.rssMB, ...(peakMB !== undefined ? { peakMB } : {}) };
}

export function describeLoad(result: LoadResult, plan: LoadPlan): string {
  const heap =
    result.after.heapUsedMB === undefined
      ? ''
      : `, heap ${result.before.heapUsedMB!.toFixed(0)} -> ${result.after.heapUsedMB.toFixed(0)} MB`;
  return (
    `${plan.frames} frames of ${Math.round(plan.frameBytes / 1024)} kB in ${result.seconds.toFixed(1)} s: ` +
    `emulator RSS ${result.before.rssMB.toFixed(0)} -> ${result.after.rssMB.toFixed(0)} MB (growth ${result.growthMB.toFixed(0)} MB, via ${result.after.via}` +
    `${result.peakMB === undefined ? '' : `; peak ${result.peakMB.toFixed(0)} MB while the frames came`})${heap}`
  );
}

async function main(): Promise<void> {
  const plan = { frames: Number(process.argv[2] ?? 4000), frameBytes: Number(process.argv[3] ?? 60_000) };
  const emulator = await startChildEmulator(process.execPath, [
    '--expose-gc',
    '--import',
    'tsx',
    'emulator/cli.ts',
    '--port',
    '0',
    '--quiet',
  ]);
  try {
    const result = await measureLoad(emulator.url, plan, emulator.child.pid);
    console.log(describeLoad(result, plan));
    if (result.after.kept) console.log(JSON.stringify(result.after.kept));
  } finally {
    emulator.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
