// Standalone mock service: `npx tsx e2e/mock/cli.ts [--port 8787] [--host 127.0.0.1] [--flows file] [--quiet]`.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { createMockService } from './service.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    flows: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const port = Number(values.port ?? process.env.PARLEY_MOCK_PORT ?? 8787);
const host = values.host ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port: ${values.port ?? process.env.PARLEY_MOCK_PORT}`);
  process.exit(2);
}

const service = createMockService({ prefix: '', log: !values.quiet, ...(values.flows ? { flowsFile: values.flows } : {}) });
const server = createServer((req, res) => {
  service.handleRequest(req, res); // prefix '' owns every path
});
server.on('upgrade', (req, socket, head) => {
  if (!service.handleUpgrade(req, socket, head)) socket.destroy();
});
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`Parley mock service listening on http://${host}:${actual}`);
  console.log(`  plain address:  GET http://${host}:${actual}/socket.info?sessionId=<uuid>&clientId=demo`);
  console.log(`  secret address: GET http://${host}:${actual}/sdk/socket.info (x-svc-* headers)`);
  console.log(`  control API:    http://${host}:${actual}/__control/state`);
});

const shutdown = () => {
  void service.close().finally(() => server.close(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
