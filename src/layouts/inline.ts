// The inline layout (widget contract, "Layouts and the site's own triggers"): the element is a
// block in the page's flow, sized by --parley-height (default 560px; 100% fills a sized
// container), and its chat file comes when the element is within one viewport of being seen. From
// the script tag, data-target (carried on the element's embed mark) names where it goes, once the
// document is parsed; a target that matches nothing, or is not a selector, leaves the launcher
// layout, and the console names it.
import type { LayoutsHost } from '../loader/chat-host.ts';
import { sheetOf } from '../loader/styles.ts';
import css from './inline.css?inline';
import { warnOfLayoutValues } from './layout-values.ts';

/** The embed's mark on the element (src/embed/loader.ts): its value is the script tag's data-target. */
const EMBED_MARK = 'data-parley-embed';

let sheet: CSSStyleSheet | undefined;

export function placeInline(host: LayoutsHost): void {
  const { element } = host;
  warnOfLayoutValues(element, ['layout']);
  if (element.getAttribute('layout') !== 'inline') return;
  const root = element.shadowRoot!;
  if (!root.adoptedStyleSheets.includes((sheet ??= sheetOf(css)))) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const target = element.getAttribute(EMBED_MARK);
  if (!target) return watchNearViewport(host);
  whenParsed(() => {
    if (moveInto(element, target)) watchNearViewport(host);
  });
}

function whenParsed(run: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}

/** Into the first element the selector matches; else the launcher layout, said in the console. */
function moveInto(element: HTMLElement, selector: string): boolean {
  let parent: Element | null = null;
  let why = 'matches nothing on this page';
  try {
    parent = document.querySelector(selector);
  } catch {
    why = 'is not a CSS selector';
  }
  if (parent) {
    parent.append(element);
    return true;
  }
  console.error(`[parley] data-target="${selector}" ${why}: the chat uses the launcher layout`);
  element.removeAttribute('layout');
  return false;
}

/** The chat's file once the element is within one viewport of being seen (a page that never scrolls there pays only the loader). */
function watchNearViewport(host: LayoutsHost): void {
  if (typeof IntersectionObserver !== 'function') return host.intent();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      host.intent();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(host.element);
}
