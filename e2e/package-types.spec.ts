// The package's types as a user's TypeScript meets them: `npm pack`, install the tarball in an
// empty project, then type-check small apps there against dist/types (not the sources, which
// test/types/ checks) with TypeScript 5.9 and the repository's own, under `moduleResolution`
// `bundler` and `NodeNext`. Each entry on its own: the main entry, each framework's typings, a
// language. No browser. Needs `npm run build`.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const repo = resolve('.');
let project: string;

const COMPILERS = {
  'TypeScript 5.9': join(repo, 'node_modules/typescript5/bin/tsc'),
  'TypeScript (the repository’s)': join(repo, 'node_modules/typescript/bin/tsc'),
};
const RESOLUTIONS = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  NodeNext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
};
/** The frameworks' own types, taken from the repository's install (no registry needed). */
const FRAMEWORK_PACKAGES = ['@types/react', 'vue', 'svelte', 'solid-js'];

// Not serial: a failing entry does not hide the others' results.
test.describe.configure({ timeout: 120_000 });

/** A user's project with the packed package installed, and the frameworks' types beside it. */
function makeUserProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-types-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: repo, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'typed-site', private: true, type: 'module' }));
  // The dependencies come from npm's cache (the repository's install filled it).
  execFileSync('npm', ['install', `./${tarball}`, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'pipe',
  });
  for (const name of FRAMEWORK_PACKAGES) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(repo, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

test.beforeAll(() => {
  project = makeUserProject();
});

test.afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

interface UserFile {
  name: string;
  source: string;
}

/** Writes the files and a tsconfig.json of them for one resolution; returns the config's name. */
function writeProgram(files: UserFile[], resolution: keyof typeof RESOLUTIONS, options: Record<string, unknown>): string {
  for (const { name, source } of files) writeFileSync(join(project, name), source);
  const config = `tsconfig.${files[0]!.name}.${resolution}.json`;
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    types: [],
    ...RESOLUTIONS[resolution],
    ...options,
  };
  writeFileSync(join(project, config), JSON.stringify({ compilerOptions, files: files.map(({ name }) => name) }));
  return config;
}

/** The compiler's errors, or undefined when the program compiles. */
async function compile(tsc: string, config: string): Promise<string | undefined> {
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', config], { cwd: project });
    return undefined;
  } catch (error) {
    return (error as { stdout?: string }).stdout || String(error);
  }
}

/**
 * Type-checks the user's `files` (one program) with each compiler under each resolution; returns
 * the failures, so one run reports them all.
 */
async function typecheck(files: UserFile[], options: Record<string, unknown> = {}): Promise<string[]> {
  const runs = (Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[]).flatMap((resolution) => {
    const config = writeProgram(files, resolution, options);
    return Object.entries(COMPILERS).map(async ([compiler, tsc]) => {
      const errors = await compile(tsc, config);
      return errors === undefined ? undefined : `${compiler}, ${resolution}:\n${errors}`;
    });
  });
  return (await Promise.all(runs)).filter((failure): failure is string => failure !== undefined);
}

const MAIN = `import type {} from 'parley-chat';
import { createChatClient, defineParleyChat, type ChatClient, type ParleyChatElement } from 'parley-chat';

// React's useRef<HTMLElementTagNameMap['parley-chat']>, without React.
declare function useRef<T>(initial: T | null): { current: T | null };
const ref = useRef<HTMLElementTagNameMap['parley-chat']>(null);
ref.current?.open();

const found = document.querySelector('parley-chat');
found?.toggle();
const made: ParleyChatElement = document.createElement('parley-chat');
made.addEventListener('parley:message', (event) => console.log(event.detail.messages.length, event.detail.threadId));
made.addEventListener('parley:connection', (event) => console.log(event.detail.state satisfies 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'error'));
// @ts-expect-error the detail of parley:delivered is {traceId}
made.addEventListener('parley:delivered', (event) => event.detail.id);
// @ts-expect-error the element has no such method
found?.submit();

defineParleyChat() satisfies CustomElementConstructor | undefined;
const client: ChatClient = createChatClient({ clientId: 'your-client-id', baseUrl: 'https://api.example.com', startEvent: 'welcome' });
client.on('message', (payload) => console.log(payload.messages));
client.on('connection', ({ state }) => console.log(state));
// @ts-expect-error clientId is required
createChatClient({ baseUrl: 'https://api.example.com' });
export {};
`;

const LANGUAGES = `import de from 'parley-chat/languages/de';
import ptBR from 'parley-chat/languages/pt-BR';
import type { Strings } from 'parley-chat';

const strings: Partial<Strings> = { ...de, send: ptBR.send };
// @ts-expect-error a text is a string
de.send satisfies number;
// @ts-expect-error no such language
import xx from 'parley-chat/languages/xx';
export { strings, xx };
`;

// Without skipLibCheck, as a strict project has it: the package's own .d.ts files are checked too.
test("the main entry declares <parley-chat> (tag name map, the element's events) and the client; a language's texts are typed", async () => {
  const files = [
    { name: 'main.ts', source: MAIN },
    { name: 'languages.ts', source: LANGUAGES },
  ];
  expect(await typecheck(files, { skipLibCheck: false })).toEqual([]);
});

// Each framework's typings alone (no import of the main entry): they declare the tag, its
// attributes and its events in that framework's JSX.
const FRAMEWORKS: { name: string; file: string; jsx?: Record<string, string>; source: string }[] = [
  {
    name: 'react',
    file: 'react-app.tsx',
    jsx: { jsx: 'react-jsx', jsxImportSource: 'react' },
    source: `import type {} from 'parley-chat/react';
import { useRef } from 'react';

export function Support() {
  const chat = useRef<HTMLElementTagNameMap['parley-chat']>(null);
  return <parley-chat ref={chat} client-id="x" base-url="https://api.example.com" isOpen notify-title
    onparley:message={(event) => console.log(event.detail.messages.length)} />;
}
// @ts-expect-error no such attribute
export const wrong = <parley-chat heading2="Support" />;
`,
  },
  {
    name: 'preact',
    file: 'preact-app.tsx',
    jsx: { jsx: 'react-jsx', jsxImportSource: 'preact' },
    source: `import type {} from 'parley-chat/preact';
import { useRef } from 'preact/hooks';

export function Support() {
  const chat = useRef<HTMLElementTagNameMap['parley-chat']>(null);
  return <parley-chat ref={chat} client-id="x" isOpen={false} onparley:message={(event) => console.log(event.detail.messages.length)} />;
}
// @ts-expect-error isOpen is a boolean
export const wrong = <parley-chat isOpen="yes" />;
`,
  },
  {
    name: 'vue',
    file: 'vue-app.tsx',
    jsx: { jsx: 'preserve', jsxImportSource: 'vue' },
    source: `import type {} from 'parley-chat/vue';
import { defineComponent, ref } from 'vue';

export const Support = defineComponent(() => {
  const chat = ref<HTMLElementTagNameMap['parley-chat']>();
  return () => <parley-chat ref={chat} client-id="x" isOpen onParley:message={(event) => console.log(event.detail.messages.length)} />;
});
// @ts-expect-error client-id is a string
export const wrong = <parley-chat client-id={42} />;
`,
  },
  {
    name: 'svelte',
    file: 'svelte-app.ts',
    source: `import type {} from 'parley-chat/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

export const chat: HTMLElementTagNameMap['parley-chat'] | null = document.querySelector('parley-chat');
export const attributes: SvelteHTMLElements['parley-chat'] = {
  'client-id': 'x',
  isOpen: true,
  'onparley:message': (event) => console.log(event.detail.messages.length),
};
// @ts-expect-error Svelte would set open="false": bind isOpen
export const wrong: SvelteHTMLElements['parley-chat'] = { open: true };
`,
  },
  {
    name: 'solid',
    file: 'solid-app.tsx',
    jsx: { jsx: 'preserve', jsxImportSource: 'solid-js' },
    source: `import type {} from 'parley-chat/solid';
import { createSignal } from 'solid-js';

export function Support() {
  let chat: HTMLElementTagNameMap['parley-chat'] | undefined;
  const [open] = createSignal(false);
  return <parley-chat ref={chat} client-id="x" prop:isOpen={open()} onparley:message={(event) => console.log(event.detail.messages.length)} />;
}
// @ts-expect-error Solid would set the property isopen: use prop:isOpen
export const wrong = <parley-chat isOpen={true} />;
`,
  },
];

for (const { name, file, jsx, source } of FRAMEWORKS) {
  test(`parley-chat/${name} types <parley-chat> in ${name}'s JSX and declares the tag`, async () => {
    // skipLibCheck as apps have it: the frameworks' own .d.ts files are theirs to check.
    expect(await typecheck([{ name: file, source }], { skipLibCheck: true, ...jsx })).toEqual([]);
  });
}
