#!/usr/bin/env node
// `npx parley-emulator [options]`: the Parley emulator on a port of its own (emulator contract).
import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { DEFAULTS, type EmulatorOptions } from './options.ts';

const USAGE = `Usage: parley-emulator [options]

  --port N                  port to listen on (default ${DEFAULTS.port}; 0 picks a free one)
  --host HOST               interface (default ${DEFAULTS.host})
  --api-key KEY             REST API key, sent as "Authorization: KEY" (default ${DEFAULTS.apiKey})
  --management-key KEY      management API key, "Authorization: Bearer KEY" (default ${DEFAULTS.managementKey})
  --webhook URL             where webhook events go (default: the built-in receiver, {url}/receiver; "none" for none)
  --verify-token TOKEN      verifyToken put in every webhook body (default ${DEFAULTS.verifyToken})
  --webhook-time-scale F    multiply the webhook retry schedule (0.001: 4 hours in 14.4 s)
  --client-id ID            a clientId the emulator knows (repeatable; default: any)
  --header-prefix PREFIX    prefix of the four secret headers (default ${DEFAULTS.headerPrefix})
  --handover-pause SECONDS  pause of a handover without secondsToPause (default ${DEFAULTS.handoverPauseSeconds})
  --strict                  refuse what real clients do beyond the spec, instead of logging it
  --flows FILE              flows in the management API's shape (default: the demo flows)
  --media DIR               folder served at {url}/media/ (default: media/ beside the flows file)
  --quiet                   print only the address and errors
  --help                    this text`;

function parse(): EmulatorOptions & { port: number } {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      'management-key': { type: 'string' },
      webhook: { type: 'string' },
      'verify-token': { type: 'string' },
      'webhook-time-scale': { type: 'string' },
      'client-id': { type: 'string', multiple: true },
      'header-prefix': { type: 'string' },
      'handover-pause': { type: 'string' },
      strict: { type: 'boolean', default: false },
      flows: { type: 'string' },
      media: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!text.trim() || !Number.isFinite(n)) throw new TypeError(`--${name} must be a number (got "${text}")`);
    return n;
  };
  const port = number('port', values.port ?? process.env.PARLEY_EMULATOR_PORT) ?? DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`--port must be an integer from 0 to 65535 (got ${port})`);
  const scale = number('webhook-time-scale', values['webhook-time-scale']);
  const pause = number('handover-pause', values['handover-pause']);
  return {
    port,
    ...(values.host ? { host: values.host } : {}),
    ...(values['api-key'] !== undefined ? { apiKey: values['api-key'] } : {}),
    ...(values['management-key'] !== undefined ? { managementKey: values['management-key'] } : {}),
    ...(values.webhook !== undefined ? { webhookUrl: values.webhook === 'none' ? null : values.webhook } : {}),
    ...(values['verify-token'] !== undefined ? { verifyToken: values['verify-token'] } : {}),
    ...(scale !== undefined ? { webhookTimeScale: scale } : {}),
    ...(values['client-id']?.length ? { clientIds: values['client-id'] } : {}),
    ...(values['header-prefix'] !== undefined ? { headerPrefix: values['header-prefix'] } : {}),
    ...(pause !== undefined ? { handoverPauseSeconds: pause } : {}),
    ...(values.flows !== undefined ? { flows: values.flows } : {}),
    ...(values.media !== undefined ? { media: values.media } : {}),
    strict: values.strict,
    quiet: values.quiet,
  };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse();
  } catch (error) {
    console.error(`parley-emulator: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const emulator = await startEmulator(options).catch((error: Error) => {
    console.error(`parley-emulator: ${error.message}`);
    process.exit(1);
  });
  console.log(`Parley emulator on ${emulator.url}${options.strict ? ' (strict)' : ''}`);
  if (!options.quiet) {
    console.log(`  console:        ${emulator.url}/console/`);
    console.log(`  socket address: ${emulator.url}/socket.info?sessionId=<uuid>&clientId=<id>   (secret: ${emulator.url}/sdk/socket.info)`);
    console.log(`  REST API:       ${emulator.url}/rest/v1/…   Authorization: ${options.apiKey ?? DEFAULTS.apiKey}`);
    console.log(`  webhooks:       ${options.webhookUrl === null ? 'none' : (options.webhookUrl ?? `${emulator.url}/receiver (built-in receiver)`)}`);
  }
  const shutdown = () => void emulator.close().finally(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
