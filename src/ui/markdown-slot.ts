// The Markdown's code (ui/markdown/) arrives when the first bot or agent text that looks like
// Markdown is drawn with the `markdown` attribute set, not with the chat: most sites do not set
// it (part-slot.ts). Until then, and where it cannot load, the text shows as it was written.
import type * as MarkdownModule from './markdown/markdown-part.ts';
import { partSlot } from './part-slot.ts';

type MarkdownPart = typeof MarkdownModule;

const markdown = partSlot<MarkdownPart>('texts show their Markdown as written: its code could not be loaded');

export const markdownArrivedSignal = markdown.arrived;
export const markdownFrom = markdown.from;
export const markdownArrived = markdown.hand;
export const askMarkdown = markdown.ask;

/** Text a Markdown drawing would change: emphasis, code, links, quotes, lists, paragraphs, escapes. */
export function looksLikeMarkdown(text: string): boolean {
  return /[*_`\\]|\]\(|^ {0,3}(>|[-+*] |\d{1,9}[.)] )|\n\s*\n/m.test(text);
}
