import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify.ts';

const links = (text: string) =>
  linkify(text)
    .filter((s) => s.kind === 'link')
    .map((s) => (s.kind === 'link' ? [s.text, s.href] : []));

describe('linkify', () => {
  it('links http and https URLs, and www. hosts as https', () => {
    expect(links('go to http://a.example/x?y=1#z now')).toEqual([['http://a.example/x?y=1#z', 'http://a.example/x?y=1#z']]);
    expect(links('HTTPS://A.example')).toEqual([['HTTPS://A.example', 'https://a.example/']]);
    expect(links('www.example.com/path')).toEqual([['www.example.com/path', 'https://www.example.com/path']]);
  });

  it('keeps the text around the links, in order and complete', () => {
    const text = 'a https://x.example b www.y.example c';
    const segments = linkify(text);
    expect(segments.map((s) => s.kind)).toEqual(['text', 'link', 'text', 'link', 'text']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('leaves trailing punctuation and unbalanced brackets outside the link', () => {
    expect(links('See https://x.example/a.')).toEqual([['https://x.example/a', 'https://x.example/a']]);
    expect(links('(see https://x.example/a)')).toEqual([['https://x.example/a', 'https://x.example/a']]);
    expect(links('https://en.example/wiki/Foo_(bar)!')).toEqual([
      ['https://en.example/wiki/Foo_(bar)', 'https://en.example/wiki/Foo_(bar)'],
    ]);
  });

  it('never links other schemes, markup or things that only look like URLs', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      '<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'ftp://files.example',
      'mailto:someone@example.com',
      'http://',
      'www.',
      'notwww.example.com',
      'user@www.example.com',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        linkify(text)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('does not let markup run into a link', () => {
    expect(links('<a href="https://x.example">x</a>')).toEqual([['https://x.example', 'https://x.example/']]);
    expect(links('https://x.example/<script>')).toEqual([['https://x.example/', 'https://x.example/']]);
  });

  it('safeHref accepts only absolute http(s)', () => {
    expect(safeHref('https://x.example')).toBe('https://x.example/');
    expect(safeHref('javascript://x.example/%0Aalert(1)')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
  });
});

describe('linkify on hostile input', () => {
  it('stays linear: 100,000 closing brackets or dots after a URL', () => {
    const brackets = `see https://a.example/x${')'.repeat(100_000)}`;
    expect(linkify(brackets)[1]).toMatchObject({ kind: 'link', text: 'https://a.example/x' });
    const dots = `https://a.example/${'.'.repeat(100_000)}x`;
    expect(linkify(dots)[0]).toMatchObject({ kind: 'link' });
  });
});
