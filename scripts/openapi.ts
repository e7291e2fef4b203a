// The emulator's OpenAPI document as the package ships it (parley-chat/emulator/openapi.json,
// the address left for the user) and as the repository keeps it (emulator/openapi.json, to read
// and to review in a diff). `npm run build` writes both; emulator/rest/openapi.test.ts fails when
// the kept one is not what the schemas make today.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../emulator/rest/openapi.ts';

/** The document as a file: two-space JSON and a final newline. */
export const openApiFile = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  for (const path of ['emulator/openapi.json', 'dist/emulator/openapi.json']) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), openApiFile());
  }
  console.log('openapi: wrote emulator/openapi.json and dist/emulator/openapi.json');
}
