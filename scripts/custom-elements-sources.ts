// Reads <parley-chat>'s API from its own sources of truth, for custom-elements-generate.ts: attributes, members and
// events from the TypeScript (with the oxc parser Vite exports: the analyzer packages need TypeScript's JS API, which
// TypeScript 7 does not have), CSS parts and custom properties from the stylesheets and the DOM-building code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';

/** Attributes: CLIENT_ATTRIBUTES and UI_ATTRIBUTES, with their JSDoc. */
export const ATTRIBUTES_FILE = 'src/loader/attributes.ts';
/** Properties, methods, events: the ParleyChatElement and ParleyChatEventMap interfaces, with their JSDoc and their types as written. */
export const ELEMENT_FILE = 'src/loader/api.ts';
/** CSS parts: the part="…" attributes of the UI's components (the loader's and the teaser's: part: '…'). */
const UI_DIR = 'src/ui';
/** The @csspart / @cssprop lines that describe the parts and the --parley-* custom properties. */
const CSS_FILE = 'src/ui/widget.css';
/** The loader's stylesheet (the launcher, the panel's box), adopted before widget.css. */
const FRAME_CSS_FILE = 'src/loader/frame.css';
/** Where the element sets custom properties of its own (not for pages to set). */
const ELEMENT_DIR = 'src/loader';
/** The teaser's bubble, drawn with plain DOM like the loader's. */
const TEASER_DIR = 'src/layouts';
const CHAT_DIR = 'src/chat';

// The parts of the manifest's schema read here (the rest: custom-elements-generate.ts).
export interface TypeText {
  text: string;
}
export interface Field {
  kind: 'field';
  name: string;
  type: TypeText;
  description: string;
  privacy: 'public';
  readonly?: boolean;
  attribute?: string;
  reflects?: boolean;
}
export interface Method {
  kind: 'method';
  name: string;
  description: string;
  privacy: 'public';
  parameters: Array<{ name: string; type: TypeText; optional?: boolean }>;
  return: { type: TypeText };
}
export interface ManifestEvent {
  name: string;
  type: TypeText;
  description: string;
}
export interface CssPart {
  name: string;
  description: string;
}
export interface CssProperty {
  name: string;
  description: string;
  default?: string;
}

// A loose view of the ESTree + TypeScript nodes oxc returns: only what is read here.
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Comment {
  type: 'Line' | 'Block';
  value: string;
  start: number;
  end: number;
}
export interface Doc {
  text: string;
  tags: Record<string, string>;
}

export class SourceFile {
  readonly program: { body: AstNode[] };
  readonly comments: Comment[];
  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    const result = parseSync(path, text, { lang: 'ts' }) as unknown as {
      program: { body: AstNode[] };
      comments: Comment[];
      errors: Array<{ message: string }>;
    };
    if (result.errors.length > 0) throw new Error(`${path}: ${result.errors.map((error) => error.message).join('; ')}`);
    this.program = result.program;
    this.comments = result.comments;
  }

  slice(node: AstNode): string {
    return this.text.slice(node.start, node.end);
  }

  /** The JSDoc comment right before a node (nothing but white space between them). */
  docOf(node: AstNode): Doc {
    const comment = this.comments.filter((candidate) => candidate.end <= node.start).at(-1);
    if (!comment || comment.type !== 'Block' || !comment.value.startsWith('*')) return { text: '', tags: {} };
    if (this.text.slice(comment.end, node.start).trim() !== '') return { text: '', tags: {} };
    return parseDoc(comment.value);
  }

  /** A top-level `const`, `interface` or `type`, exported or not. */
  declaration(name: string): AstNode {
    for (const statement of this.program.body) {
      const node = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
      if (!node) continue;
      if (node.type === 'VariableDeclaration') {
        for (const declarator of node.declarations as AstNode[]) {
          if ((declarator.id as AstNode & { name: string }).name === name) return declarator;
        }
      } else if ((node.id as { name?: string } | undefined)?.name === name) {
        return node;
      }
    }
    throw new Error(`${this.path}: no declaration named ${name}`);
  }
}

function parseDoc(raw: string): Doc {
  const lines = raw
    .replace(/^\*/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*? ?/, '').trimEnd());
  const text: string[] = [];
  const tags: Record<string, string> = {};
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) tags[tag[1]!] = tag[2]!.trim();
    else text.push(line);
  }
  return { text: text.join(' ').replace(/\s+/g, ' ').trim(), tags };
}

/** `x as const`, `x satisfies T` and parentheses, peeled off. */
function unwrap(node: AstNode): AstNode {
  let current = node;
  while (['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression'].includes(current.type)) {
    current = current.expression as AstNode;
  }
  return current;
}

function keyName(key: AstNode): string {
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  throw new Error(`unexpected key ${key.type}`);
}

export interface AttributeSource {
  name: string;
  /** The property it configures, if the element has a writable one. */
  property?: string;
  doc: Doc;
}

export function readAttributes(source: SourceFile): AttributeSource[] {
  const clientTable = unwrap(source.declaration('CLIENT_ATTRIBUTES').init as AstNode);
  const uiList = unwrap(source.declaration('UI_ATTRIBUTES').init as AstNode);
  const client = (clientTable.properties as AstNode[]).map((property) => ({
    name: keyName(property.key as AstNode),
    property: String((unwrap(property.value as AstNode) as AstNode & { value: unknown }).value),
    doc: source.docOf(property),
  }));
  const ui = (uiList.elements as AstNode[]).map((element) => {
    const doc = source.docOf(element);
    const name = String(element.value);
    return { name, property: doc.tags.property ?? name, doc };
  });
  return [...client, ...ui];
}

interface InterfaceMember {
  node: AstNode;
  name: string;
  doc: Doc;
}

function interfaceMembers(source: SourceFile, name: string): InterfaceMember[] {
  const declaration = source.declaration(name);
  const body = (declaration.body as AstNode).body as AstNode[];
  return body.map((node) => ({ node, name: keyName(node.key as AstNode), doc: source.docOf(node) }));
}

function typeText(source: SourceFile, annotation: unknown): string {
  return annotation ? source.slice((annotation as AstNode).typeAnnotation as AstNode) : 'unknown';
}

export function readMembers(source: SourceFile, attributes: AttributeSource[]): Array<Field | Method> {
  const attributeOf = new Map(
    attributes.filter((attribute) => attribute.property).map((attribute) => [attribute.property!, attribute.name]),
  );
  const members: Array<Field | Method> = [];
  for (const { node, name, doc } of interfaceMembers(source, 'ParleyChatElement')) {
    if (node.type === 'TSPropertySignature') {
      const readonly = Boolean(node.readonly);
      const attribute = readonly ? undefined : attributeOf.get(name);
      members.push({
        kind: 'field',
        name,
        type: { text: typeText(source, node.typeAnnotation) },
        description: doc.text,
        privacy: 'public',
        ...(readonly ? { readonly: true } : {}),
        ...(attribute ? { attribute, reflects: true } : {}),
      });
    } else if (node.type === 'TSMethodSignature') {
      if (name === 'addEventListener' || name === 'removeEventListener') continue; // typed overloads of HTMLElement's
      const params = node.params as AstNode[];
      members.push({
        kind: 'method',
        name,
        description: doc.text,
        privacy: 'public',
        parameters: params.map((param) => ({
          name: param.name as string,
          type: { text: typeText(source, param.typeAnnotation) },
          ...(param.optional ? { optional: true } : {}),
        })),
        return: { type: { text: typeText(source, node.returnType) } },
      });
    }
  }
  return members;
}

export function readEvents(source: SourceFile): ManifestEvent[] {
  return interfaceMembers(source, 'ParleyChatEventMap').map(({ node, name, doc }) => ({
    name,
    type: { text: typeText(source, node.typeAnnotation) },
    description: doc.text,
  }));
}

/**
 * Every part name in the UI's components, rich templates included (`part="…"`, which may hold
 * several names), and in the loader's and the layouts' DOM building (`part: '…'` in src/loader
 * and src/layouts).
 */
export function partsUsed(root: string): string[] {
  const names = new Set<string>();
  const sources: Array<[string, RegExp, RegExp]> = [
    [UI_DIR, /\.tsx$/, /\spart="([^"]+)"/g],
    [ELEMENT_DIR, /\.ts$/, /\bpart: '([^']+)'/g],
    [TEASER_DIR, /\.ts$/, /\bpart: '([^']+)'/g],
  ];
  // A part chosen between two names: part={… ? 'file' : 'location'}.
  const chosen = /\spart=\{[^}]*\?\s*'([\w-]+)'\s*:\s*'([\w-]+)'\}/g;
  for (const [dir, kind, pattern] of sources) {
    for (const file of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (!kind.test(file) || file.includes('.test.')) continue;
      const text = readFileSync(join(root, dir, file), 'utf8');
      for (const match of text.matchAll(pattern)) {
        for (const name of match[1]!.split(/\s+/)) names.add(name);
      }
      for (const match of text.matchAll(chosen)) names.add(match[1]!).add(match[2]!);
    }
  }
  return [...names].sort();
}

/** Every `--parley-*` the stylesheet reads, and the custom properties the element sets itself. */
export function customPropertiesUsed(root: string): { read: string[]; setByElement: string[] } {
  const css = stylesheetRules(root);
  const read = new Set([...css.matchAll(/var\((--parley-[\w-]+)/g)].map((match) => match[1]!));
  const setByElement = new Set<string>();
  for (const dir of [ELEMENT_DIR, CHAT_DIR]) {
    for (const file of readdirSync(join(root, dir))) {
      if (!file.endsWith('.ts') || file.includes('.test.')) continue;
      const text = readFileSync(join(root, dir, file), 'utf8');
      for (const match of text.matchAll(/(--parley-[\w-]+)\s*:/g)) setByElement.add(match[1]!);
    }
  }
  return { read: [...read].sort(), setByElement: [...setByElement].sort() };
}

/** The stylesheets' rules, in the order they are adopted, without comments (the layouts' and the teaser's: on pages with them). */
function stylesheetRules(root: string): string {
  return [FRAME_CSS_FILE, 'src/layouts/inline.css', 'src/layouts/teaser.css', CSS_FILE]
    .map((file) => readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''))
    .join('\n');
}

export function readCssDocs(root: string): { parts: CssPart[]; properties: CssProperty[] } {
  const text = readFileSync(join(root, CSS_FILE), 'utf8');
  const css = stylesheetRules(root);
  const parts: CssPart[] = [];
  const properties: CssProperty[] = [];
  for (const match of text.matchAll(/^@(csspart|cssprop)\s+(\S+)\s+-\s+(.+)$/gm)) {
    const [, kind, name, description] = match as unknown as [string, string, string, string];
    if (kind === 'csspart') {
      parts.push({ name, description: description.trim() });
    } else {
      const fallback = firstFallback(css, name);
      properties.push({ name, description: description.trim(), ...(fallback ? { default: fallback } : {}) });
    }
  }
  return { parts, properties };
}

/** The fallback of the first `var(<name>, <fallback>)`, unless it is another var(). */
function firstFallback(css: string, name: string): string | undefined {
  const start = css.indexOf(`var(${name},`);
  if (start < 0) return undefined;
  let depth = 0;
  for (let index = start + 'var('.length; index < css.length; index++) {
    if (css[index] === '(') depth++;
    else if (css[index] === ')' && depth-- === 0) {
      const fallback = css.slice(start + `var(${name},`.length, index).trim();
      return fallback.includes('var(') ? undefined : fallback;
    }
  }
  return undefined;
}
