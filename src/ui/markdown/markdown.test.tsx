// @vitest-environment happy-dom
// The Markdown subset (issue 40): each construct drawn as CommonMark draws it, everything else as
// the text it is, and hostile inputs parsed in linear work.
import { h } from 'preact';
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { MarkdownText, linkAddress } from './Markdown.tsx';
import { MAX_DEPTH, parseMarkdown } from './blocks.ts';
import { work } from './inlines.ts';
import { looksLikeMarkdown } from '../markdown-slot.ts';

/** The drawn HTML, without the new-tab note screen readers hear after each link. */
function drawn(text: string): string {
  const { container } = render(<MarkdownText text={text} newTab="new tab" />);
  container.querySelectorAll('.visually-hidden').forEach((note) => note.remove());
  // (The test build's JSX marks each element with where it was written.)
  return container.innerHTML.replace(/ __(source|self)="[^"]*"/g, '');
}

const LINK = (href: string, label: string) =>
  `<a class="link" part="link" href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;

describe('the Markdown subset, construct by construct (CommonMark examples)', () => {
  it.each([
    ['a paragraph', 'hello world', '<p>hello world</p>'],
    ['paragraphs', 'one\n\ntwo', '<p>one</p><p>two</p>'],
    ['a newline is a line break', 'one\ntwo', '<p>one<br>two</p>'],
    ['strong', '**bold** text', '<p><strong>bold</strong> text</p>'],
    ['strong with underscores', '__bold__', '<p><strong>bold</strong></p>'],
    ['emphasis', '*it* and _it_', '<p><em>it</em> and <em>it</em></p>'],
    ['emphasis inside strong', '**a *b* c**', '<p><strong>a <em>b</em> c</strong></p>'],
    ['three stars', '***both***', '<p><em><strong>both</strong></em></p>'],
    ['snake_case stays text', 'snake_case_name', '<p>snake_case_name</p>'],
    ['a lone star stays text', '2 * 3 * 4', '<p>2 * 3 * 4</p>'],
    ['unclosed strong stays text', '**not closed', '<p>**not closed</p>'],
    ['code', 'use `npm test` now', '<p>use <code>npm test</code> now</p>'],
    ['code keeps its stars', '`**x**`', '<p><code>**x**</code></p>'],
    ['double-backtick code', '`` a ` b ``', '<p><code>a ` b</code></p>'],
    ['an unmatched backtick', 'a ` b', '<p>a ` b</p>'],
    ['escapes', '\\*not em\\*', '<p>*not em*</p>'],
    ['a link', '[docs](https://example.com/a)', `<p>${LINK('https://example.com/a', 'docs')}</p>`],
    ['a link with emphasis', '[**docs**](https://example.com/)', `<p>${LINK('https://example.com/', '<strong>docs</strong>')}</p>`],
    ['a link with parentheses', '[w](https://en.wikipedia.org/wiki/A_(b))', `<p>${LINK('https://en.wikipedia.org/wiki/A_(b)', 'w')}</p>`],
    ['mailto', '[mail us](mailto:help@example.com)', `<p>${LINK('mailto:help@example.com', 'mail us')}</p>`],
    ['tel', '[call](tel:+3212345678)', `<p>${LINK('tel:+3212345678', 'call')}</p>`],
    ['a bare address', 'see https://example.com/x', `<p>see ${LINK('https://example.com/x', 'https://example.com/x')}</p>`],
    ['a bulleted list', '- one\n- two', '<ul><li><p>one</p></li><li><p>two</p></li></ul>'],
    ['a numbered list from 3', '3. three\n4. four', '<ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>'],
    ['a nested list', '- a\n  - b\n- c', '<ul><li><p>a</p><ul><li><p>b</p></li></ul></li><li><p>c</p></li></ul>'],
    ['a list after a paragraph', 'Options:\n- a\n- b', '<p>Options:</p><ul><li><p>a</p></li><li><p>b</p></li></ul>'],
    ['a loose list stays one list', '- a\n\n- b', '<ul><li><p>a</p></li><li><p>b</p></li></ul>'],
    ['a quote', '> quoted\n> more', '<blockquote><p>quoted<br>more</p></blockquote>'],
    ['a quote with a lazy line', '> quoted\nlazy', '<blockquote><p>quoted<br>lazy</p></blockquote>'],
    ['a fenced code block', '```js\nlet a = "<b>";\n```', '<pre dir="ltr"><code>let a = "&lt;b&gt;";</code></pre>'],
    ['an unclosed fence runs to the end', '~~~\ncode', '<pre dir="ltr"><code>code</code></pre>'],
  ])('%s', (_name, text, html) => {
    expect(drawn(text)).toBe(html);
  });
});

describe('everything outside the subset stays the text it is', () => {
  it.each([
    ['raw HTML', '<img src=x onerror="alert(1)">', '<p>&lt;img src=x onerror="alert(1)"&gt;</p>'],
    ['a script', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    // (A bare http(s) address in the text is a link, as in any text of the chat.)
    [
      'an image',
      '![cat](https://example.com/cat.png)',
      `<p>![cat](${LINK('https://example.com/cat.png', 'https://example.com/cat.png')})</p>`,
    ],
    ['a heading', '# Title', '<p># Title</p>'],
    ['a rule', '---', '<p>---</p>'],
    ['a javascript: link', '[click](javascript:alert(1))', '<p>click</p>'],
    ['a data: link', '[x](data:text/html,<b>)', '<p>[x](data:text/html,&lt;b&gt;)</p>'],
    ['a relative link', '[x](/path)', '<p>x</p>'],
    ['an autolink in angle brackets', '<https://example.com>', `<p>&lt;${LINK('https://example.com/', 'https://example.com')}&gt;</p>`],
    [
      'a link with a title',
      '[x](https://example.com "title")',
      `<p>[x](${LINK('https://example.com/', 'https://example.com')} "title")</p>`,
    ],
    [
      'a link in a link',
      '[a [b](https://b.example/) c](https://a.example/)',
      `<p>[a ${LINK('https://b.example/', 'b')} c](${LINK('https://a.example/', 'https://a.example/')})</p>`,
    ],
  ])('%s', (_name, text, html) => {
    expect(drawn(text)).toBe(html);
  });

  it('lets only http:, https:, mailto: and tel: addresses through', () => {
    expect(linkAddress('https://example.com')).toBe('https://example.com/');
    expect(linkAddress('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//example.com',
      'http://',
    ])
      expect(linkAddress(bad), bad).toBeUndefined();
  });
});

describe('hostile input', () => {
  // Each line is looked at a bounded number of times per level; the levels are bounded.
  it('nests quotes and lists at most MAX_DEPTH deep; deeper markers are text', () => {
    const quotes = parseMarkdown('>'.repeat(50_000) + ' deep');
    let depth = 0;
    for (let block = quotes[0]; block?.t === 'quote'; block = block.c[0]) depth++;
    expect(depth).toBe(MAX_DEPTH);
    const items = parseMarkdown(Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- item`).join('\n'));
    expect(JSON.stringify(items).length).toBeLessThan(200_000);
  });

  it.each([
    ['stars', '*'.repeat(40_000)],
    ['alternating stars', '*a'.repeat(20_000)],
    ['open brackets', '['.repeat(40_000)],
    ['brackets and parentheses', '[]('.repeat(15_000)],
    ['link openers', '[a](b'.repeat(10_000)],
    ['underscores in words', 'a_b_'.repeat(10_000)],
    ['backticks of every length', Array.from({ length: 300 }, (_, i) => '`'.repeat(i + 1)).join('x')],
    ['quote markers', '>'.repeat(40_000)],
    ['list markers', '- '.repeat(20_000)],
    ['nested list lines', Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}1. x`).join('\n')],
  ])('%s: the text comes back whole, in linear work', (_name, text) => {
    // Linear: a bounded number of steps per character, for the text and for twice the text (a
    // quadratic parser takes n² steps: hundreds of millions here).
    for (const input of [text, text + text]) {
      work.steps = 0;
      const blocks = parseMarkdown(input);
      expect(blocks.length).toBeGreaterThan(0);
      expect(work.steps, `${work.steps} steps for ${input.length} characters`).toBeLessThan(8 * input.length);
    }
  });

  it('draws every character of a hostile text: nothing is lost', () => {
    const text = '*a_[b`'.repeat(2_000);
    const { container } = render(<MarkdownText text={text} newTab="new tab" />);
    expect(container.textContent!.replace(/\s/g, '').length).toBeGreaterThan(text.length * 0.6);
  });
});

describe('what asks for the Markdown code', () => {
  it('a text with Markdown syntax does, a plain one does not', () => {
    for (const text of ['**b**', 'a _b_', '`c`', '[a](b)', '> q', '- a', '1. a', 'a\n\nb', 'a \\* b'])
      expect(looksLikeMarkdown(text), text).toBe(true);
    for (const text of ['hello there', 'Is 3 > 2? yes', 'line\nbreak', 'https://example.com/a-b'])
      expect(looksLikeMarkdown(text), text).toBe(false);
  });
});
