// The typed client of docs/back-end.md, generated as its shell sample says from the OpenAPI
// document, into test/types/docs/parley/ where the sample that uses it is compiled (by
// `npm run typecheck`, which runs this first). The sample names the installed package's copy of
// the document; here the repository's (emulator/openapi.json, the same bytes).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docSamples, shellCommands } from './doc-samples.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const GENERATOR = 'npx swagger-typescript-api';

/** The guide's command, its arguments as written. */
export function generatorCommand(root = ROOT): string[] {
  const command = docSamples(root)
    .filter((sample) => sample.lang === 'sh')
    .flatMap((sample) => shellCommands(sample.code))
    .find((line) => line.startsWith(GENERATOR));
  if (!command) throw new Error(`typed-client: docs/back-end.md has no "${GENERATOR}" command`);
  return command.slice(GENERATOR.length).trim().split(/\s+/);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = generatorCommand();
  const at = args.indexOf('--path');
  args[at + 1] = join(ROOT, 'emulator/openapi.json');
  const cwd = join(ROOT, 'test/types/docs');
  rmSync(join(cwd, 'parley'), { recursive: true, force: true });
  execFileSync(join(ROOT, 'node_modules/.bin/swagger-typescript-api'), args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log('typed-client: generated test/types/docs/parley/parley-api.ts from the OpenAPI document');
}
