// The built package as an app or a server would meet it: no browser here, plain Node.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('package.json points at files the build wrote, types first', () => {
  const entry = pkg.exports['.'];
  expect(Object.keys(entry)[0]).toBe('types');
  for (const file of [entry.types, entry.import, pkg.types, 'dist/parley.js']) expect(existsSync(file), file).toBe(true);
});

test('the built npm entry imports in plain Node without side effects', async () => {
  const entry = await import(`${process.cwd()}/${pkg.exports['.'].import}`);
  expect(typeof entry.createChatClient).toBe('function');
  expect(entry.defineParleyChat()).toBeUndefined(); // no customElements in Node: nothing to do
  expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
});

test('dist/parley.js is one classic script: no imports, no other files to fetch', () => {
  const bundle = readFileSync('dist/parley.js', 'utf8');
  expect(bundle).not.toMatch(/^\s*import[\s{*]/m);
  expect(bundle).not.toMatch(/\bimport\(/);
  expect(bundle).not.toMatch(/\bexport\s/);
});
