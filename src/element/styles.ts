// Styles go in through a constructable stylesheet: no <style> element and no style attribute,
// so a strict Content-Security-Policy (no 'unsafe-inline') has nothing to block.
import { widgetCss } from '../ui/styles.ts';

let sheet: CSSStyleSheet | undefined;

export function adoptWidgetStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
  }
  root.adoptedStyleSheets = [sheet];
}
