// How both script-tag files (the loader, dist/parley.js, and the chat it loads) find the
// <script> element that runs them: the same check in both, so neither trusts what the other refuses.

/**
 * The classic <script> element running now, or null: `document.currentScript` is only set while
 * a classic script first runs (null in a module, a callback, or later), and may be an SVG
 * <script>, which has no usable `src`. Read it at once, at the top level.
 */
export function currentClassicScript(): HTMLScriptElement | null {
  const script = document.currentScript;
  return script instanceof HTMLScriptElement ? script : null;
}
