// docs/reference.md, made from the sources so it cannot drift: <parley-chat>'s attributes,
// properties, methods, events, parts and custom properties from the custom elements manifest
// (itself read from the element's sources), the emulator's command line from its --help text,
// and startEmulator's options from their definitions in emulator/core/options.ts. `npm run build`
// writes it; test/docs/reference.test.ts fails when the committed file is not what this makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USAGE } from '../emulator/cli-usage.ts';
import { generateManifest } from './custom-elements-manifest.ts';

interface Described {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
  kind?: string;
  parameters?: Array<{ name: string; type?: { text: string }; optional?: boolean }>;
  return?: { type?: { text: string } };
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text: string | undefined) => (text ? `\`${cell(text)}\`` : '');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function signature(method: Described): string {
  const parameters = (method.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`).join(', ');
  return `${method.name}(${parameters}): ${method.return?.type?.text ?? 'void'}`;
}

/** The documented fields of `interface EmulatorOptions` in emulator/core/options.ts: name, type, JSDoc. */
export function emulatorOptions(source: string): Array<{ name: string; type: string; description: string }> {
  const body = /export interface EmulatorOptions \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/\/\*\*\s*([\s\S]*?)\s*\*\/\s*(\w+)\?:\s*([^;]+);/g)].map(([, doc, name, type]) => ({
    name: name!,
    type: type!.trim(),
    description: doc!
      .replace(/^\*\s?/, '')
      .replace(/\n\s*\*\s?/g, ' ')
      .trim(),
  }));
}

export function apiReference(root = process.cwd()): string {
  const element = generateManifest(root).modules[0]!.declarations[0]! as unknown as {
    tagName: string;
    attributes: Described[];
    members: Described[];
    events: Described[];
    cssParts: Described[];
    cssProperties: Described[];
  };
  const fields = element.members.filter((member) => member.kind === 'field');
  const methods = element.members.filter((member) => member.kind === 'method');
  // `prefix` is the Vite plugin's (startEmulator serves from its own root).
  const options = emulatorOptions(readFileSync(join(root, 'emulator/core/options.ts'), 'utf8')).filter(
    (option) => option.name !== 'prefix',
  );
  return `# API reference

Made from the sources by \`scripts/api-reference.ts\` (\`npm run build\` writes it; \`npm test\`
fails when it is out of date): do not edit it by hand. The guides explain; this lists. Back to
the [README](../README.md).

## \`<${element.tagName}>\`

### Attributes

Each also works as \`data-\` + its name on the script tag of \`parley.js\`.

${table(
  ['attribute', 'type', 'what it does'],
  element.attributes.map((a) => [code(a.name), code(a.type?.text), cell(a.description)]),
)}

### Properties

${table(
  ['property', 'type', 'what it is'],
  fields.map((f) => [code(f.name), code(f.type?.text), cell(f.description)]),
)}

### Methods

${table(
  ['method', 'what it does'],
  methods.map((m) => [code(signature(m)), cell(m.description)]),
)}

### Events

Each a \`CustomEvent\` that bubbles and is composed (it leaves the shadow root).

${table(
  ['event', 'type', 'when'],
  element.events.map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
)}

### Parts (\`::part()\`)

${table(
  ['part', 'what it is'],
  element.cssParts.map((p) => [code(p.name), cell(p.description)]),
)}

### Custom properties

${table(
  ['property', 'default', 'what it sets'],
  element.cssProperties.map((p) => [code(p.name), code(p.default), cell(p.description)]),
)}

## The emulator's command line

\`npx parley-emulator [options]\` (\`npm run emulator\` in this repository):

\`\`\`text
${USAGE}
\`\`\`

## \`startEmulator(options)\`

\`import { startEmulator } from 'parley-chat/emulator'\`: the same emulator in your own process
(a test's global setup, say); it resolves with \`{ url, close() }\`.

${table(
  ['option', 'type', 'what it sets'],
  options.map((o) => [code(o.name), code(o.type), cell(o.description)]),
)}
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync('docs/reference.md', apiReference());
  console.log('wrote docs/reference.md');
}
