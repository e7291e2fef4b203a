// docs/reference.md is what scripts/api-reference.ts makes from the sources today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReference, emulatorOptions } from '../../scripts/api-reference.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('the API reference', () => {
  it('is up to date with the sources (npm run build writes it)', () => {
    expect(readFileSync(join(ROOT, 'docs/reference.md'), 'utf8')).toBe(apiReference(ROOT));
  });

  it('lists every attribute the element observes, every flag of the command line and every option of startEmulator', () => {
    const reference = apiReference(ROOT);
    for (const attribute of ['client-id', 'base-url', 'language', 'notify-title', 'notify-sound'])
      expect(reference).toContain(`| \`${attribute}\` |`);
    for (const flag of ['--port', '--strict', '--webhook-time-scale', '--flows']) expect(reference).toContain(flag);
    const options = emulatorOptions(readFileSync(join(ROOT, 'emulator/core/options.ts'), 'utf8')).map((option) => option.name);
    expect(options).toEqual(expect.arrayContaining(['port', 'host', 'apiKey', 'webhookUrl', 'strict', 'flows', 'media']));
    for (const option of options.filter((name) => name !== 'prefix')) expect(reference).toContain(`| \`${option}\` |`);
  });
});
