// Which part of the loader's page view a CPU-profile sample belongs to, by its stack: the
// nearest frame (from the leaf up) that a rule names decides. A browser API the loader calls
// (getItem, replaceSync, attachShadow…) counts for the part of the loader function that called
// it, unless a rule names the API itself. Samples of the loader's tasks with no loader frame
// (V8 compiling lazily, the garbage collector, Blink between calls) are a part of their own.
import { inLoader, type Frame, type Sample } from './cpu-profile.ts';

export const PARTS = [
  'module top level (constants, currentScript, the chat URL)',
  "the element's definition (class, customElements.define)",
  'the stylesheet (new CSSStyleSheet, replaceSync, adoptedStyleSheets)',
  "the launcher's DOM (attachShadow, el, icon, drawLauncher)",
  'attributes and options (data-* copied, attributeChangedCallback, checks)',
  'language (widgetLanguage, chooseLanguage, launcherWords, dir)',
  "the stored conversation (hasConversation: IndexedDB's list; Web Storage if the chat ran here)",
  'element lifecycle, the rest (constructor, insertion, connectedCallback, timer)',
  "V8 and Blink in the loader's tasks, no loader frame (lazy compile, GC, (program))",
] as const;
export type Part = (typeof PARTS)[number];
const [TOP, DEFINE, SHEET, LAUNCHER, ATTRIBUTES, LANGUAGE, STORAGE, LIFECYCLE, ENGINE] = PARTS;

interface Rule {
  part: Part;
  /** Loader functions, by their source name. */
  functions?: string[];
  /** Whole source files (below src/). */
  files?: string[];
  /** Browser APIs, when called from one of `from` (or from anywhere without it). */
  apis?: string[];
  from?: string[];
}

const RULES: Rule[] = [
  {
    part: STORAGE,
    files: ['browser/storage-marks.ts', 'browser/slot-keys.ts'],
    functions: ['#checkStored', 'awaitConversation'],
    apis: ['getItem', 'databases'],
  },
  { part: SHEET, functions: ['sheetOf', 'adoptFrameStyles'], apis: ['replaceSync', 'CSSStyleSheet'] },
  { part: LAUNCHER, files: ['loader/launcher.ts', 'loader/dom.ts'], apis: ['attachShadow'] },
  {
    part: LANGUAGE,
    files: ['loader/language.ts', 'i18n/language-tags.ts', 'i18n/launcher-strings.ts'],
    functions: ['#chooseLanguage', '#showWords'],
  },
  { part: DEFINE, functions: ['registerElement', 'createParleyChatClass', 'languageLoader', 'sharedLoad'], apis: ['define'] },
  // Creating and inserting <parley-chat> runs its constructor and callbacks (matched above, deeper
  // in the stack); what remains of those two calls is the element's own lifecycle.
  { part: LIFECYCLE, apis: ['createElement', 'append', 'appendChild'], from: ['mountFromScript'] },
  {
    part: ATTRIBUTES,
    files: ['loader/attributes.ts', 'loader/properties.ts', 'options/check-options.ts', 'util/http-url.ts'],
    functions: ['mountFromScript', 'attributeChangedCallback', 'setOrRemove'],
  },
  { part: LIFECYCLE, files: ['loader/parley-chat.ts', 'loader/register.ts', 'loader/call-queue.ts', 'loader/layouts-part.ts'] },
];

function ruleFor(frame: Frame, caller: Frame | undefined): Rule | undefined {
  if (frame.loader) return RULES.find((r) => r.functions?.includes(frame.name) || r.files?.includes(frame.file));
  return RULES.find((r) => r.apis?.includes(frame.name) && (!r.from || (caller !== undefined && r.from.includes(caller.name))));
}

function partOf(sample: Sample): Part {
  const { stack } = sample;
  if (!inLoader(sample)) return ENGINE;
  for (let i = 0; i < stack.length; i++) {
    const caller = stack.slice(i + 1).find((frame) => frame.loader);
    const rule = ruleFor(stack[i]!, caller);
    if (rule) return rule.part;
  }
  return TOP;
}

/** The loader's samples: its JavaScript, and the engine's work in its tasks (`inTasks`: whether a
 * time is inside one of them). */
export const isLoaderWork = (sample: Sample, inTasks: (at: number) => boolean) =>
  inLoader(sample) || (inTasks(sample.at) && sample.stack[0]?.name !== '(idle)');

/** Each part's samples among the loader's. */
export function countParts(samples: Sample[]): Record<Part, number> {
  const counts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
  for (const sample of samples) counts[partOf(sample)]++;
  return counts;
}
