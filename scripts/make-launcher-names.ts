// Writes src/i18n/launcher-names.ts: each language's name for the launcher ("Chat öffnen"), which
// the loader carries for every language so the launcher speaks the visitor's language from its
// first frame, before any language file is fetched. Run after changing a translation's openChat:
//   npx tsx scripts/make-launcher-names.ts
// (a unit test in src/i18n/languages.test.ts fails while the file is out of date).
import { writeFileSync } from 'node:fs';
import { launcherNamesSource } from '../src/i18n/launcher-names-source.ts';

writeFileSync('src/i18n/launcher-names.ts', await launcherNamesSource());
console.log('wrote src/i18n/launcher-names.ts');
