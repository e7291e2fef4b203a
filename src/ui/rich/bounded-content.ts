// What is drawn of a rich response: the first cards, list items and buttons (the rest counted,
// "and 4,990 more"), titles and labels clipped (../bounded.tsx).
import type { RichContent } from '../../conversation/rich.ts';
import { MAX_BUTTONS_DRAWN, MAX_CARDS_DRAWN, MAX_LIST_ITEMS_DRAWN } from '../../protocol/limits.ts';
import { clipLabel } from '../bounded.tsx';

const MAX_DRAWN: Partial<Record<string, number>> = { cards: MAX_CARDS_DRAWN, items: MAX_LIST_ITEMS_DRAWN, buttons: MAX_BUTTONS_DRAWN };

/** The part of a rich response drawn, and how many cards, items or buttons are left out. */
export function boundedContent(content: RichContent): { content: RichContent; more: number } {
  let more = 0;
  // Lists cut to their bound, titles and labels clipped; addresses and actions kept as they are.
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return /^(sub)?title$|^label$/.test(key) ? clipLabel(value) : value;
    if (key === 'action' || typeof value !== 'object' || value === null) return value;
    if (!Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    const max = MAX_DRAWN[key] ?? value.length;
    more += Math.max(0, value.length - max);
    return value.slice(0, max).map((item) => walk(item, ''));
  };
  return { content: walk(content, '') as RichContent, more };
}
