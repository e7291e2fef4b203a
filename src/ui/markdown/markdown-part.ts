// The Markdown part (parley-markdown.*.js, or a dynamic import in the npm build): what the chat
// asks for when it first draws a bot's text with the `markdown` attribute set (ui/markdown-slot.ts).
export { MarkdownText, markdownCss } from './Markdown.tsx';
