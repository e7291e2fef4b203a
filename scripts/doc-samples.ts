// The code samples of the README and docs/, made into things `npm test` runs, so a sample that
// stops working fails it:
//   - TypeScript and JavaScript (ts, tsx, js), Vue and Svelte templates: each becomes a file of
//     test/types/<framework>/ (or test/types/docs/ when it uses none), wrapped in what it leaves
//     out (the component around a JSX fragment, its state; a template as its checker sees it), and
//     `npm run typecheck:frameworks` compiles it against the package;
//   - HTML and CSS: e2e/docs-samples.spec.ts loads each in a page against the emulator;
//   - JSON (a flow step's action): test/docs/samples.test.ts checks it against the flows' schema;
//   - shell: the commands that start something are run by the specs named in SHELL_RUNS.
// `npm run build` writes the files; test/docs/samples.test.ts fails when they are not what this makes.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Sample {
  /** The markdown file, relative to the repository. */
  file: string;
  /** Its line where the fence opens. */
  line: number;
  lang: string;
  code: string;
}

/**
 * Where each command of the shell samples is run: the file that runs it, and what in that file
 * does (checked by test/docs/samples.test.ts). Keyed by how the command starts.
 */
export const SHELL_RUNS: Record<string, [file: string, runs: string]> = {
  'npm install -D parley-chat': ['e2e/emulator-package.spec.ts', "'install'"],
  'npm install': ['.ci/run', 'npm ci'],
  'npm start': ['playwright.config.ts', 'npm start'],
  'npm test': ['.ci/run', 'npm test'],
  'npx parley-emulator': ['e2e/emulator-package.spec.ts', "spawn('npx', ['parley-emulator'"],
  'npx swagger-typescript-api': ['scripts/typed-client.ts', 'swagger-typescript-api'],
};

/** The commands of a shell sample: each line without its comment, split at `&&`. */
export function shellCommands(code: string): string[] {
  return code
    .split('\n')
    .flatMap((line) => line.replace(/#.*/, '').split('&&'))
    .map((command) => command.trim())
    .filter(Boolean);
}

/** Samples that cannot be compiled on their own here, and why (each one still shown to readers as written). */
export const NOT_COMPILED: Record<string, string> = {
  text: 'output, not code',
};

export function docSamples(root = process.cwd()): Sample[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md') && name !== 'reference.md')
      .sort()
      .map((name) => `docs/${name}`),
  ];
  return files.flatMap((file) => {
    const markdown = readFileSync(join(root, file), 'utf8');
    return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((match) => ({
      file,
      line: markdown.slice(0, match.index).split('\n').length,
      lang: match[1] || 'text',
      code: match[2]!,
    }));
  });
}

/** Each framework's JSX source and how a component keeps state there. */
const FRAMEWORKS = {
  react: { jsx: 'react', state: "import { useState } from 'react';", hook: 'useState' },
  preact: { jsx: 'preact', state: "import { useState } from 'preact/hooks';", hook: 'useState' },
  solid: { jsx: 'solid-js', state: "import { createSignal } from 'solid-js';", hook: 'createSignal' },
} as const;
type Framework = keyof typeof FRAMEWORKS;

/** The framework whose typings a sample imports (`import type {} from 'parley-chat/react'`), if any. */
function frameworkOf(sample: Sample): Framework | undefined {
  const match = /from 'parley-chat\/(react|preact|solid)'/.exec(sample.code);
  return match?.[1] as Framework | undefined;
}

/** A JSX fragment in a component with the state it uses (`open`, `last`), as its framework keeps it. */
function componentFile(sample: Sample, framework: Framework): string {
  const { jsx, state, hook } = FRAMEWORKS[framework];
  const lines = sample.code.trimEnd().split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const rest = lines.filter((line) => !line.startsWith('import '));
  const jsxStart = rest.findIndex((line) => line.startsWith('<'));
  const uses = (name: string) => new RegExp(`\\b(${name}|set${name[0]!.toUpperCase()}${name.slice(1)})\\b`).test(sample.code);
  const body = [
    ...(uses('open') ? [`const [open, setOpen] = ${hook}(false);`, 'void open;', 'void setOpen;'] : []),
    ...(uses('last') ? [`const [last, setLast] = ${hook}<unknown>();`, 'void last;', 'void setLast;'] : []),
    ...rest.slice(0, jsxStart),
  ];
  return [
    `/** @jsxRuntime automatic */ /** @jsxImportSource ${jsx} */`,
    `// ${sample.file}, line ${sample.line}, as a component. Made by scripts/doc-samples.ts: do not edit.`,
    state,
    ...imports,
    '',
    'export function Sample() {',
    ...body.map((line) => `  ${line}`),
    '  return (',
    ...rest.slice(jsxStart).map((line) => `    ${line}`),
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A sample without a framework: a module, with what it refers to declared. */
function moduleFile(sample: Sample, imports: string[] = []): string {
  const declared = [
    /\bchat\./.test(sample.code) && !/\bconst chat\b/.test(sample.code)
      ? "declare const chat: import('parley-chat').ParleyChatElement;"
      : '',
    /\bshowMyCalendar\(/.test(sample.code) ? 'declare function showMyCalendar(payload: unknown): void;' : '',
  ].filter(Boolean);
  return [
    `// ${sample.file}, line ${sample.line}. Made by scripts/doc-samples.ts: do not edit.`,
    ...imports,
    ...declared,
    sample.code.trimEnd(),
    'export {};',
    '',
  ].join('\n');
}

/** A template's attributes: `name="text"`, `name={expression}`, Vue's `:name="expression"` and `@event="handler"`. */
function templateAttributes(code: string): Array<{ name: string; text?: string; expression?: string }> {
  // Up to the tag's own end (an arrow function's `=>` inside it is not one).
  const tag = /<parley-chat\b([\s\S]*?)(?:\/>|><\/parley-chat>)/.exec(code)?.[1] ?? '';
  return [...tag.matchAll(/([:@]?[\w:-]+)=(?:"([^"]*)"|\{([^}]*)\})/g)].map(([, name, text, braces]) =>
    name!.startsWith(':') || name!.startsWith('@')
      ? { name: name!, expression: text! }
      : braces !== undefined
        ? { name: name!, expression: braces }
        : { name: name!, text: text! },
  );
}

/**
 * A Svelte template as svelte-check sees it: its attributes checked against
 * `SvelteHTMLElements['parley-chat']` (test/types/svelte/app.ts asks the same of TypeScript).
 */
function svelteFile(sample: Sample): string {
  const entries = templateAttributes(sample.code).map(
    ({ name, text, expression }) => `  '${name}': ${text !== undefined ? JSON.stringify(text) : expression},`,
  );
  return [
    `// ${sample.file}, line ${sample.line}, as svelte-check sees it. Made by scripts/doc-samples.ts: do not edit.`,
    "import type {} from 'parley-chat/svelte';",
    "import type { SvelteHTMLElements } from 'svelte/elements';",
    '',
    'function attributes<Tag extends keyof SvelteHTMLElements>(_tag: Tag, _attributes: SvelteHTMLElements[Tag]): void {}',
    'let open = false;',
    'let last: unknown;',
    "attributes('parley-chat', {",
    ...entries,
    '});',
    'void [open, last];',
    '',
  ].join('\n');
}

/** A Vue template as TSX (Volar checks templates against the same element types): `@parley:x` is `onParley:x`. */
function vueFile(sample: Sample): string {
  const refs = (expression: string) => expression.replace(/\b(open|last)\b/g, '$1.value');
  const props = templateAttributes(sample.code).map(({ name, text, expression }) => {
    if (text !== undefined) return `${name}=${JSON.stringify(text)}`;
    if (name.startsWith(':')) return `${name.slice(1)}={${refs(expression!)}}`;
    const handler = /^\w+$/.test(expression!) ? expression! : `() => (${refs(expression!)})`;
    return `on${name[1]!.toUpperCase()}${name.slice(2)}={${handler}}`;
  });
  return [
    '/** @jsxRuntime automatic */ /** @jsxImportSource vue */',
    `// ${sample.file}, line ${sample.line}, as Volar sees the template. Made by scripts/doc-samples.ts: do not edit.`,
    "import type { ParleyChatEventMap } from 'parley-chat';",
    "import type {} from 'parley-chat/vue';",
    "import { defineComponent, ref } from 'vue';",
    '',
    'export const Sample = defineComponent(() => {',
    '  const open = ref(false);',
    "  const onMessage = (event: ParleyChatEventMap['parley:message']) => console.log(event.detail.messages.length);",
    '  void [open, onMessage];',
    `  return () => <parley-chat ${props.join(' ')} />;`,
    '});',
    '',
  ].join('\n');
}

/** What each TypeScript or JavaScript sample becomes: a path in test/types/ and its content. */
export function compiledSamples(samples: Sample[]): Map<string, string> {
  const files = new Map<string, string>();
  const counts = new Map<string, number>();
  const add = (folder: string, extension: string, content: string) => {
    const n = (counts.get(folder) ?? 0) + 1;
    counts.set(folder, n);
    files.set(`test/types/${folder}/docs-sample-${n}.${extension}`, content);
  };
  for (const sample of samples) {
    if (sample.lang === 'svelte') add('svelte', 'ts', svelteFile(sample));
    if (sample.lang === 'vue') add('vue', 'tsx', vueFile(sample));
    if (!['ts', 'tsx', 'js'].includes(sample.lang)) continue;
    // A Vue project's vite.config and env.d.ts: a module with the plugin it calls.
    if (/\bvue\(\{/.test(sample.code)) {
      add('vue', 'ts', moduleFile(sample, ["import vue from '@vitejs/plugin-vue';"]));
      continue;
    }
    // A React renderer (docs/front-end.md): a module whose JSX is React's, not a component.
    if (/from 'react-dom\/client'/.test(sample.code)) {
      add('react', 'tsx', `/** @jsxRuntime automatic */ /** @jsxImportSource react */\n${moduleFile(sample)}`);
      continue;
    }
    const framework = frameworkOf(sample);
    add(framework ?? 'docs', framework ? 'tsx' : 'ts', framework ? componentFile(sample, framework) : moduleFile(sample));
  }
  return files;
}

/** The generated files on disk now (to find stale ones). */
export function generatedOnDisk(root = process.cwd()): string[] {
  const types = join(root, 'test/types');
  return readdirSync(types, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(types, folder.name))
        .filter((name) => name.startsWith('docs-sample-'))
        .map((name) => `test/types/${folder.name}/${name}`),
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = compiledSamples(docSamples());
  for (const stale of generatedOnDisk().filter((path) => !files.has(path))) rmSync(stale);
  for (const [path, content] of files) writeFileSync(path, content);
  console.log(`wrote ${files.size} samples into test/types/`);
}
