// Styles go in through constructable stylesheets: no <style> element and no style attribute,
// so a strict Content-Security-Policy (no 'unsafe-inline') has nothing to block. The loader
// adopts the frame's sheet; the chat adds its own after it when it mounts.
import { frameCss } from './frame-css.ts';

let frame: CSSStyleSheet | undefined;

export function sheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

export function adoptFrameStyles(root: ShadowRoot): void {
  root.adoptedStyleSheets = [(frame ??= sheetOf(frameCss))];
}
