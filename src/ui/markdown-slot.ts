// The Markdown's code (ui/markdown/) arrives when the first bot or agent text that looks like
// Markdown is drawn with the `markdown` attribute set, not with the chat: most sites do not set
// it (parts/table.ts). Until then, and where it cannot load, the text shows as it was written.
import type * as MarkdownModule from './markdown/markdown-part.ts';
import { part } from '../parts/part.ts';
import { WITHOUT_MARKDOWN } from '../parts/table.ts';

type MarkdownPart = typeof MarkdownModule;

export const [markdownArrivedSignal, markdownArrived, , askMarkdown] = part<MarkdownPart>('markdown', WITHOUT_MARKDOWN);

/** Text a Markdown drawing would change: emphasis, code, links, quotes, lists, paragraphs, escapes. */
export function looksLikeMarkdown(text: string): boolean {
  return /[*_`\\]|\]\(|^ {0,3}(>|[-+*] |\d{1,9}[.)] )|\n\s*\n/m.test(text);
}
