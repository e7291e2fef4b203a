#!/usr/bin/env node
// `npx parley-emulator [options]`: the Parley emulator on a port of its own (emulator contract).
import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { USAGE } from './cli-usage.ts';
import { DEFAULTS, type EmulatorOptions } from './core/options.ts';

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
      'allow-origin': { type: 'string', multiple: true },
      'allow-host': { type: 'string', multiple: true },
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
    ...(values['allow-origin']?.length ? { allowOrigins: values['allow-origin'] } : {}),
    ...(values['allow-host']?.length ? { allowHosts: values['allow-host'] } : {}),
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
    console.log(
      `  REST API:       ${emulator.url}/rest/v1/…   Authorization: ${emulator.apiKey}${options.apiKey ? '' : '   (made for this start; --api-key sets one)'}`,
    );
    console.log(`  management API: ${emulator.url}/v1/projects/<id>/flows   Authorization: Bearer ${emulator.managementKey}`);
    console.log(
      `  webhooks:       ${options.webhookUrl === null ? 'none' : (options.webhookUrl ?? `${emulator.url}/receiver (built-in receiver)`)}`,
    );
  }
  const shutdown = () => void emulator.close().finally(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
