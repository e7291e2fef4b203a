// Names the minified functions of dist/parley.js after its source map (scripts/build-embed.ts
// writes dist/parley.js.map beside it): the original file, line and function name of a position
// the CPU profile reports. Node's own source-map reader (node:module), no dependency.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';

/** Where a function of the loader comes from. */
interface Origin {
  /** The function's name in the source: `drawLauncher`, `#neededAtOnce`, `constructor`, `(anonymous)`. */
  name: string;
  /** `loader/launcher.ts` (the path below src/), or the minified file when there is no map. */
  file: string;
  /** 1-based line in `file`. */
  line: number;
}

export type Namer = (line: number, column: number, minifiedName: string) => Origin;

// A method, accessor or class member at the start of the text: `#neededAtOnce(): boolean {`,
// `connectedCallback(): void {`, `get isOpen()`, `static x(`.
const MEMBER = /^(?:(?:static|async|get|set)\s+)*(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\(/;
// Where V8 says a function starts, in the minified code: at its parameters' `(`, at an arrow's
// single parameter, or (class field initializers) at the first field.
const ARROW = /^(?:\([^()]*\)|[\w$]+)=>/;

/** What kind of function starts at this point of the minified code. */
function kindAt(code: string): 'arrow' | 'function' | 'fields' {
  if (ARROW.test(code)) return 'arrow';
  return code.startsWith('(') ? 'function' : 'fields';
}

/** The namer for `scriptPath`; without a map beside it, the minified names as they are. */
export function loadNamer(scriptPath: string): Namer {
  const mapPath = `${scriptPath}.map`;
  const fileName = scriptPath.split('/').pop() ?? scriptPath;
  if (!existsSync(mapPath)) return (line, _column, minified) => ({ name: minified || '(anonymous)', file: fileName, line: line + 1 });
  const payload = JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMapPayload;
  const codeLines = readFileSync(scriptPath, 'utf8').split('\n');
  const map = new SourceMap(payload);
  const sourceLines = new Map<string, string[]>();
  payload.sources.forEach((source, i) => sourceLines.set(source, (payload.sourcesContent?.[i] ?? '').split('\n')));
  const cache = new Map<string, Origin>();

  return (line, column, minified) => {
    const key = `${line}:${column}`;
    const known = cache.get(key);
    if (known) return known;
    const entry = map.findEntry(line, column) as Partial<{
      originalSource: string;
      originalLine: number;
      originalColumn: number;
      name: string;
    }>;
    let origin: Origin;
    if (entry.originalSource === undefined || entry.originalLine === undefined) {
      origin = { name: minified || '(module top level)', file: fileName, line: line + 1 };
    } else {
      const text = sourceLines.get(entry.originalSource)?.[entry.originalLine]?.slice(entry.originalColumn ?? 0) ?? '';
      // The mapping found may be the token before the function (`setTimeout(` before an arrow).
      const kind = kindAt(codeLines[line]?.slice(column, column + 80) ?? '');
      const named = kind === 'function' ? (entry.name ?? MEMBER.exec(text)?.[1]) : undefined;
      origin = {
        name: named ?? (kind === 'fields' ? '(class fields)' : kind === 'arrow' ? '(arrow)' : '(anonymous)'),
        file: entry.originalSource.replace(/^(\.\.\/)*(src\/)?/, ''),
        line: entry.originalLine + 1,
      };
    }
    cache.set(key, origin);
    return origin;
  };
}
