// @vitest-environment happy-dom
// The `markdown` attribute in the transcript (issue 40): bot and agent texts drawn as Markdown, the
// visitor's own never, a fallback and a long text as written; switching it redraws the texts.
import { h } from 'preact';
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeView, received, userEntry } from '../../../test/fake-client.ts';
import type { TranscriptEntry } from '../../conversation/transcript.ts';
import { TEXT_CHUNK_LENGTH } from '../../protocol/limits.ts';
import { ChatApp } from '../App.tsx';

afterEach(cleanup);

async function show(entries: TranscriptEntry[], markdown: boolean) {
  const t = fakeView(undefined, { open: true, markdown });
  render(<ChatApp view={t.view} />);
  await act(() => {
    t.client.entries.value = entries;
  });
  return t;
}
const bubbles = () => [...screen.getByRole('log').querySelectorAll<HTMLElement>('[part~="bubble"]')];

describe('markdown', () => {
  it("draws bot and agent texts as Markdown, the visitor's as written", async () => {
    await show(
      [
        userEntry('**mine**', { seq: 1 }),
        received('**bold** and [docs](https://example.com/)', { seq: 2 }),
        received('- one\n- two', { seq: 3, from: 'agent', name: 'Ann' }),
      ],
      true,
    );
    const [mine, bot, agent] = bubbles();
    expect(mine!.textContent).toContain('**mine**');
    expect(bot!.querySelector('strong')!.textContent).toBe('bold');
    expect(bot!.querySelector('a')!.getAttribute('href')).toBe('https://example.com/');
    expect(bot!.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(bot!.textContent).not.toContain('**');
    expect(agent!.querySelectorAll('li')).toHaveLength(2);
  });

  it('is off unless asked for: the asterisks show', async () => {
    await show([received('**bold**')], false);
    expect(bubbles()[0]!.textContent).toBe('**bold**');
    expect(bubbles()[0]!.querySelector('strong')).toBeNull();
  });

  it('leaves a fallback, a plain text and a long text as written', async () => {
    const long = `**start** ${'x'.repeat(TEXT_CHUNK_LENGTH)}`;
    await show(
      [received('**fallback**', { seq: 1, isFallback: true }), received('just words', { seq: 2 }), received(long, { seq: 3 })],
      true,
    );
    const [fallback, plain, longBubble] = bubbles();
    expect(fallback!.querySelector('strong')).toBeNull();
    expect(plain!.tagName).toBe('P'); // no Markdown drawing where nothing would change
    expect(longBubble!.querySelector('strong')).toBeNull();
  });

  it('redraws the shown texts when switched', async () => {
    const t = await show([received('**bold**')], false);
    await act(() => {
      t.view.drawing.value = { ...t.view.drawing.value, markdown: true };
    });
    expect(bubbles()[0]!.querySelector('strong')!.textContent).toBe('bold');
  });
});
