// Every code sample of the README and docs/ is run somewhere in `npm test` (scripts/doc-samples.ts
// says where): compiled, loaded in a page, or its command run; this test finds any left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FlowAction } from '../../emulator/flows/flows.ts';
import { compiledSamples, docSamples, generatedOnDisk, NOT_COMPILED, SHELL_RUNS, shellCommands } from '../../scripts/doc-samples.ts';

const ROOT = join(import.meta.dirname, '../..');
const samples = docSamples(ROOT);

describe("the documentation's samples", () => {
  it('the compiled ones are up to date in test/types/ (npm run build writes them), none stale', () => {
    const files = compiledSamples(samples);
    // Out of date after an edit of the docs: `npx tsx scripts/doc-samples.ts` (or `npm run build`) writes them.
    for (const [path, content] of files)
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path}: run npx tsx scripts/doc-samples.ts`).toBe(content);
    expect(generatedOnDisk(ROOT).sort()).toEqual([...files.keys()].sort());
  });

  it('every shell command is run by a file of npm test or CI', () => {
    const unrun: string[] = [];
    for (const sample of samples.filter((s) => s.lang === 'sh')) {
      for (const command of shellCommands(sample.code)) {
        const key = Object.keys(SHELL_RUNS).find((start) => command.startsWith(start));
        const run = key ? SHELL_RUNS[key] : undefined;
        if (!run || !readFileSync(join(ROOT, run[0]), 'utf8').includes(run[1])) unrun.push(`${sample.file}:${sample.line} ${command}`);
      }
    }
    expect(unrun).toEqual([]);
  });

  it("every JSON sample is a flow action the emulator's flow files accept", () => {
    const json = samples.filter((s) => s.lang === 'json');
    expect(json.length).toBeGreaterThan(0);
    for (const sample of json) {
      const result = FlowAction.safeParse(JSON.parse(sample.code));
      expect(result.success, `${sample.file}:${sample.line} ${result.success ? '' : JSON.stringify(result.error.issues)}`).toBe(true);
    }
  });

  it('every sample is run one way or another, and the count says how', () => {
    const compiled = compiledSamples(samples).size;
    const kinds = new Map<string, number>();
    for (const sample of samples) kinds.set(sample.lang, (kinds.get(sample.lang) ?? 0) + 1);
    const inPages = (kinds.get('html') ?? 0) + (kinds.get('css') ?? 0); // e2e/docs-samples.spec.ts
    const commands = samples.filter((s) => s.lang === 'sh').flatMap((s) => shellCommands(s.code)).length;
    const shown = samples.filter((s) => NOT_COMPILED[s.lang]);
    const code = samples.filter((s) => ['ts', 'tsx', 'js'].includes(s.lang)).length;
    // Each TypeScript, JavaScript, Vue or Svelte sample is compiled.
    const templates = samples.filter((s) => s.lang === 'vue' || s.lang === 'svelte').length;
    expect(compiled).toBe(code + templates);
    expect(
      samples.every((s) => ['ts', 'tsx', 'js', 'vue', 'svelte', 'html', 'css', 'sh', 'json'].includes(s.lang) || NOT_COMPILED[s.lang]),
    ).toBe(true);
    console.log(
      `[docs] ${samples.length} samples: ${compiled} compiled (TypeScript, JavaScript, React, Preact, Vue, Svelte, Solid), ${inPages} loaded in a page (HTML, CSS), ${commands} shell commands run, ${kinds.get('json') ?? 0} flow action checked, ${shown.length} shown only (${shown.map((s) => s.lang).join(', ')})`,
    );
  });
});
