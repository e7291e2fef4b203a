// The source of src/i18n/launcher-names.ts, made from the translations (Node only: build and tests).
import { LANGUAGES, type Translation } from './translation.ts';

export async function launcherNamesSource(): Promise<string> {
  const names: Record<string, string> = {};
  for (const tag of LANGUAGES) {
    const module = (await import(`./languages/${tag}.ts`)) as { default: Translation };
    names[tag] = module.default.openChat;
  }
  const lines = Object.entries(names).map(([tag, name]) => `  ${JSON.stringify(tag)}: ${JSON.stringify(name)},`);
  return [
    '// Made by scripts/make-launcher-names.ts from src/i18n/languages/*.ts (their openChat): do not edit.',
    "// The loader carries these so the launcher is named in the visitor's language from its first frame.",
    '',
    'export const LAUNCHER_NAMES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
