// npm run bench (its last part): what the emulator sustains on this machine, over loopback.
//
//   tsx bench/emulator.ts     (run `npm run build` first: it times the built console too)
//
// 1. REST: a bounded load test. 8 clients in parallel send 4,000 `POST messages` (text, the bot
//    answers to the webhook) and 4,000 `GET pause` (sync), and the requests per second are
//    printed. 2. Webhooks: the deliveries per second that load produced, counted at a loopback
//    receiver. 3. The console's first load: time from navigation to the
//    thread list on screen in Chromium, median of 5, with 200 threads known.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright';
import { startEmulator } from '../emulator/index.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

const KEY = 'bench-key';
const REQUESTS = 4000;
const CLIENTS = 8;

async function timedLoad(label: string, count: number, send: (i: number) => Promise<Response>): Promise<number> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const response = await send(next++);
        if (!response.ok) failures++;
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(count / seconds);
  console.log(`${label}: ${count} requests in ${seconds.toFixed(2)} s = ${rate} requests/s (${failures} failed)`);
  if (failures) process.exitCode = 1;
  return rate;
}

/** A webhook receiver that only counts (the built-in one keeps a bounded list). */
async function countingReceiver() {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, count: () => count, close: () => server.close() };
}

async function main(): Promise<void> {
  const receiver = await countingReceiver();
  const emulator = await startEmulator({ port: 0, quiet: true, apiKey: KEY, webhookUrl: receiver.url });
  const post = (i: number) =>
    fetch(`${emulator.url}/rest/v1/messages/bench-${i % 200}`, {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        payload: {
          type: 'text',
          speech: i % 2 ? 'opening hours' : 'how much does it cost?',
          originator: { name: 'Load', role: 'external' },
        },
      }),
    });
  const webhookStart = performance.now();
  const posts = await timedLoad('REST POST messages (bot answers by webhook)', REQUESTS, post);
  const reads = await timedLoad('REST GET pause?sync=true', REQUESTS, (i) =>
    fetch(`${emulator.url}/rest/v1/pause/bench-${i % 200}?sync=true`, { headers: { authorization: KEY } }),
  );

  // Every POST makes one `message` event (the demo flows answer in one message each).
  while (receiver.count() < REQUESTS) await new Promise((resolve) => setTimeout(resolve, 20));
  const webhookSeconds = (performance.now() - webhookStart) / 1000;
  console.log(
    `webhooks: ${REQUESTS} deliveries, ${Math.round(REQUESTS / webhookSeconds)} deliveries/s end to end (first attempts in order, one at a time, while the REST load ran)`,
  );
  receiver.close();

  const browser = await chromium.launch({ ...(systemChromium ? { executablePath: systemChromium } : {}), args: chromiumArgs });
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const page = await browser.newPage();
    const started = performance.now();
    await page.goto(`${emulator.url}/console/`);
    await page.getByRole('button', { name: /bench-199/ }).waitFor();
    if (run > 0) times.push(performance.now() - started); // the first run warms the browser up
    await page.close();
  }
  await browser.close();
  times.sort((a, b) => a - b);
  console.log(
    `console first load (navigation to the thread list on screen, 200 threads): median ${Math.round(times[2]!)} ms (${times.map(Math.round).join(', ')})`,
  );
  console.log(
    JSON.stringify({
      restPostsPerSecond: posts,
      restReadsPerSecond: reads,
      webhookDeliveriesPerSecond: Math.round(REQUESTS / webhookSeconds),
      consoleFirstLoadMs: Math.round(times[2]!),
    }),
  );
  await emulator.close();
}

void main();
