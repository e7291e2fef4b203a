// Builds the script-tag files: dist/parley-<tag>.<hash>.js (a language's texts) and
// dist/parley-languages.<hash>.js (their Subresource Integrity hashes), the chat's parts, then
// dist/parley-chat.<hash>.js (the chat), which carries the parts' names and hashes, then
// dist/parley-layouts.<hash>.js (the teaser and the inline layout) and dist/parley.js (the
// loader), which carries the chat's and the layouts' file names and hashes. Names change with
// the content, so all can be cached for ever; the loader's own name stays, for the line site
// owners paste.
import { createHash } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minify } from 'terser';
import { build, type Plugin, type Rollup } from 'vite';
import { CHAT_TAKES } from '../src/embed/shares.ts';
import { PARTS, type Shares } from '../src/parts/table.ts';
import { languageFileCode, languageFileName } from '../src/i18n/language-files.ts';
import { LANGUAGES, type Translation } from '../src/i18n/translation.ts';
import { embedConfig } from '../vite.embed.config.ts';

const DIST = 'dist';

/**
 * In the build of a file that another loads: each module `takes` lists (src/embed/shares.ts, or
 * the part's row in src/parts/table.ts) is what the loading file handed over on this file's
 * <script> element, read by position as this file starts, in place of a copy of the module. An
 * export not listed fails the build.
 */
function takeShared(takes: Shares): Plugin {
  const HANDED = '\0parley:handed';
  const shimOf = new Map<string, string>(); // a module's resolved id -> its stand-in's id
  const shims = new Map<string, string>(); // a stand-in's id -> its code
  return {
    name: 'parley-take-shared',
    enforce: 'pre',
    async buildStart() {
      let position = 0;
      for (const [module, names] of takes) {
        const resolved = await this.resolve(module.startsWith('src/') ? resolve(module) : module, resolve('src/embed/loader.ts'));
        if (!resolved) throw new Error(`${module}: no such module`);
        const id = `\0parley:shared:${module}`;
        shimOf.set(resolved.id, id);
        shims.set(
          id,
          `import handed from '${HANDED}';\n${names.map((name) => `export const ${name} = handed[${position++}];`).join('\n')}`,
        );
      }
    },
    async resolveId(source, importer, options) {
      if (source === HANDED || shims.has(source)) return source;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && shimOf.get(resolved.id)) ?? resolved;
    },
    load(id) {
      if (id === HANDED) return `export default document.currentScript?.[Symbol.for('parley.chat')] || [];`;
      return shims.get(id);
    },
  };
}

/**
 * A second minifier over Vite's: Terser finds what Oxc left (about 0.6 kB gzipped of the chat),
 * its map composed with Vite's so stack traces still name our sources.
 */
async function squeeze(code: string, map: string) {
  const out = await minify(code, {
    ecma: 2020,
    compress: { passes: 2 },
    sourceMap: { content: map },
  });
  return { code: out.code!, map: String(out.map) };
}

/** The one JavaScript file a build wrote in memory, and its source map. */
async function buildInMemory(entry: string, define: Record<string, string> = {}, takes: Shares = []) {
  const result = (await build(embedConfig(entry, define, takes.length ? [takeShared(takes)] : []))) as
    Rollup.RollupOutput | Rollup.RollupOutput[];
  const output = (Array.isArray(result) ? result[0]! : result).output;
  const chunk = output.find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const map = output.find((item): item is Rollup.OutputAsset => item.type === 'asset' && item.fileName.endsWith('.map'));
  if (!chunk) throw new Error(`building ${entry} gave no script`);
  // The code without the map's comment: the file names are decided here.
  const code = chunk.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  return squeeze(code, map ? String(map.source) : JSON.stringify(chunk.map));
}

/** A source map for the same code after one line more at its start. */
function shiftedMap(map: string): string {
  const payload = JSON.parse(map) as { mappings: string };
  return JSON.stringify({ ...payload, mappings: `;${payload.mappings}` });
}

/** Writes a file (and its source map, where it has one); returns what was written. */
function write(name: string, built: { code: string; map?: string }): string {
  const code = built.map === undefined ? built.code : `${built.code}\n//# sourceMappingURL=${name}.map\n`;
  writeFileSync(`${DIST}/${name}`, code);
  if (built.map !== undefined) writeFileSync(`${DIST}/${name}.map`, built.map);
  return code;
}

for (const old of readdirSync(DIST).filter((name) => /^parley-[\w-]+\.[\w-]{12}\.js(\.map)?$/.test(name))) rmSync(`${DIST}/${old}`);

/** Each language's file, named by its hash; returns tag → integrity, for the languages' table. */
async function writeLanguages(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const tag of LANGUAGES) {
    const { default: translation } = (await import(`../src/i18n/languages/${tag}.ts`)) as { default: Translation };
    const code = languageFileCode(translation);
    const integrity = `sha256-${createHash('sha256').update(code).digest('base64')}`;
    writeFileSync(`${DIST}/${languageFileName(tag, integrity)}`, code);
    files[tag] = integrity;
  }
  return files;
}

/**
 * A file the chat loads when first needed, named by its hash: [name, integrity], for the chat to
 * carry. SHA-256, as for the languages: every byte of a hash is one gzip cannot shrink.
 */
function writeChatPart(prefix: string, built: { code: string; map?: string }): [string, string] {
  const name = `${prefix}.${createHash('sha256').update(built.code).digest('hex').slice(0, 12)}.js`;
  const code = write(name, built);
  return [name, `sha256-${createHash('sha256').update(code).digest('base64')}`];
}

// The chat's parts (src/parts/table.ts), with the chat's Preact, signals and storage in place of
// their own; the chat with the loader's code. The languages' table is a part too, in the
// languages' own format: the chat fetches it with the first language other than English.
const parts: Record<string, [string, string]> = {
  languages: writeChatPart('parley-languages', { code: languageFileCode(await writeLanguages()) }),
};
for (const [name, { entry, takes }] of Object.entries(PARTS))
  parts[name] = writeChatPart(`parley-${name}`, await buildInMemory(entry, {}, takes));
const chat = await buildInMemory('src/embed/chat.ts', { __PARLEY_PARTS__: JSON.stringify(parts) }, CHAT_TAKES);
const chatName = `parley-chat.${createHash('sha256').update(chat.code).digest('hex').slice(0, 12)}.js`;
const chatCode = write(chatName, chat);
// SHA-256, as the chat pins its parts: every page view loads this hash, 16 bytes fewer than SHA-384's.
const integrity = `sha256-${createHash('sha256').update(chatCode).digest('base64')}`;

// The layouts (the teaser, the inline layout): a part of the loader's, fetched only on pages with one.
const [layoutsName, layoutsIntegrity] = writeChatPart('parley-layouts', await buildInMemory('src/embed/layouts.ts', {}, CHAT_TAKES));
const loader = await buildInMemory('src/embed/loader.ts', {
  __PARLEY_CHAT_FILE__: JSON.stringify(chatName),
  __PARLEY_CHAT_INTEGRITY__: JSON.stringify(integrity),
  __PARLEY_LAYOUTS_FILE__: JSON.stringify(layoutsName),
  __PARLEY_LAYOUTS_INTEGRITY__: JSON.stringify(layoutsIntegrity),
});
// Chromium's explicit compile hint, first in the file: the loader's functions compile with the
// file on the streaming thread, not one by one on the page's main thread as each first runs
// (0.8 ms less of a page view's main thread, about 25 bytes gzipped; other engines ignore it).
write('parley.js', { code: `//# allFunctionsCalledOnLoad\n${loader.code}`, map: shiftedMap(loader.map) });
console.log(
  `dist/parley.js loads dist/${chatName} (${integrity.slice(0, 19)}…) and, on pages with a teaser or the inline layout, ${layoutsName}; the chat loads ${Object.values(
    parts,
  )
    .map(([name]) => name)
    .join(', ')} and ${LANGUAGES.length} languages' files`,
);
