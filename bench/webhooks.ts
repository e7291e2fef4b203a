// Webhook deliveries per second on this machine: N events through the dispatcher and the real
// post to a loopback receiver answering 200, in one process (so both ends share the CPU).
// Bounded: N events, then it stops. Run: npx tsx bench/webhooks.ts [N]
import { createWebhookDispatcher } from '../emulator/webhooks/dispatcher.ts';
import { listen } from '../test/emulator/test-server.ts';

const N = Number(process.argv[2] ?? 5000);

async function run(maxInFlight: number): Promise<number> {
  const receiver = await listen((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}'));
  });
  const hooks = createWebhookDispatcher({ target: () => ({ url: `${receiver.url}/hook`, verifyToken: 'bench' }), maxInFlight });
  const started = performance.now();
  for (let i = 0; i < N; i++)
    hooks.emit('message', { threadId: `t${i % 50}`, messages: [{ fallback: `reply ${i}`, silent: false, responses: [] }] });
  await hooks.idle();
  const seconds = (performance.now() - started) / 1000;
  const delivered = hooks.records().filter((d) => d.state === 'delivered').length;
  const kept = hooks.records().length; // at most maxRecords (1000): older settled ones are forgotten
  await hooks.close();
  await receiver.close();
  if (kept !== delivered) throw new Error(`only ${delivered} of the last ${kept} were delivered`);
  return N / seconds;
}

console.log(`webhook delivery benchmark: ${N} events, loopback receiver answering 200, Node ${process.version}`);
await run(1); // warm-up
for (const maxInFlight of [1, 4, 16]) {
  const rates: number[] = [];
  for (let round = 0; round < 3; round++) rates.push(await run(maxInFlight));
  rates.sort((a, b) => a - b);
  console.log(
    `maxInFlight ${String(maxInFlight).padStart(2)}: ${Math.round(rates[1]!)} deliveries/s (median of 3; min ${Math.round(rates[0]!)}, max ${Math.round(rates[2]!)})`,
  );
}
