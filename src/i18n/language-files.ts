// The script-tag build's language files: dist/parley-<tag>.<hash>.js, a classic script that hands
// its texts to its <script> element as the chat's file does. The name is made from the file's
// Subresource Integrity hash, so the chat carries the hash alone and both stay in step.

/** "sha256-AbC+/…" → "parley-de.AbC-_….js": the hash's first 12 characters, made safe for a URL. */
export function languageFileName(tag: string, integrity: string): string {
  const hash = integrity
    .slice(integrity.indexOf('-') + 1, integrity.indexOf('-') + 13)
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `parley-${tag}.${hash}.js`;
}

/** The file's code: its texts, left on the element that ran it (Symbol.for('parley.chat'), as loader/load-script.ts reads). */
export function languageFileCode(translation: Record<string, string>): string {
  return `(function(s){s&&(s[Symbol.for("parley.chat")]=${JSON.stringify(translation)})})(document.currentScript);\n`;
}
