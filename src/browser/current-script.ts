// How the script-tag files (the loader, dist/parley.js, and those it and the chat load: the chat,
// the layouts, the chat's parts) find the <script> element that runs them: one check for all, so
// none trusts what another refuses.

/**
 * The classic <script> element running now, or null: `document.currentScript` is only set while
 * a classic script first runs (null in a module, a callback, or later), and may be an SVG
 * <script>, which has no usable `src`. Read it at once, at the top level.
 */
export function currentClassicScript(): HTMLScriptElement | null {
  const script = document.currentScript;
  return script instanceof HTMLScriptElement ? script : null;
}
