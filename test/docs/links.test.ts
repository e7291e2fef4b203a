// Every relative link of the README, the changelog and docs/ leads somewhere: the file exists,
// and an anchor names a heading of it (GitHub's way of making ids from headings).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The id GitHub gives a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, text] of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = text!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count ? `${base}-${count}` : base);
  }
  return ids;
}

/** The relative links of a markdown text (code blocks and inline code left out): [text](target). */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links in the documentation', () => {
  it('reads the README, the changelog and every guide', () => {
    expect(DOCS).toEqual(
      expect.arrayContaining([
        'README.md',
        'CHANGELOG.md',
        'docs/site-owners.md',
        'docs/front-end.md',
        'docs/back-end.md',
        'docs/contributing.md',
        'docs/figures.md',
      ]),
    );
  });

  it.each(DOCS)('%s: every relative link and anchor resolves', (file) => {
    const markdown = readFileSync(join(ROOT, file), 'utf8');
    const broken: string[] = [];
    for (const target of relativeLinks(markdown)) {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path ? join(dirname(join(ROOT, file)), decodeURIComponent(path)) : join(ROOT, file);
      if (!existsSync(resolved)) {
        broken.push(`${target}: no file ${relative(ROOT, resolved)}`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !headingIds(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${target}: no heading #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  it('keeps the pictures small: PNG, together under 1.5 MB', () => {
    const images = readdirSync(join(ROOT, 'docs/images'));
    expect(images.length).toBeGreaterThanOrEqual(6);
    expect(images.every((name) => name.endsWith('.png'))).toBe(true);
    const total = images.reduce((sum, name) => sum + statSync(join(ROOT, 'docs/images', name)).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('knows a broken link when it sees one', () => {
    expect(headingIds('# Parley\n## In an app: `<parley-chat>`\n## Figures\n## Figures')).toEqual(
      new Set(['parley', 'in-an-app-parley-chat', 'figures', 'figures-1']),
    );
    expect(relativeLinks('[a](docs/x.md#y) [b](https://example.com) `[c](z.md)`\n```\n[d](w.md)\n```')).toEqual(['docs/x.md#y']);
  });
});
