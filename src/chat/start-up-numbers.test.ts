// @vitest-environment happy-dom
// What a panel's start-up leaves out of the way of the tap (issue 43): an Intl object costs a slow
// phone about a tenth of a second, so no number is written while there is none to show, nor the
// launcher's count while the open panel hides it (the first answer would make them in the task
// that shows it). (The clock's test is a file of its own: an Intl object made once is kept for
// the module's life.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup, clearPage } from '../../test/element-fixture.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearPage();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** An element the visitor opened, its socket open, and spies on the Intl objects that write numbers. */
async function openedWithSpies() {
  const numbers = vi.spyOn(Intl, 'NumberFormat');
  const plurals = vi.spyOn(Intl, 'PluralRules');
  const t = setup();
  const element = t.create();
  element.open();
  await settle();
  const socket = t.sockets.last();
  socket.open();
  await settle();
  return { element, socket, numbers, plurals };
}

describe("the chat's start-up", () => {
  it('writes no count (no Intl.NumberFormat or PluralRules) while there are no unread messages to show', async () => {
    const { element, numbers, plurals } = await openedWithSpies();
    expect(element.shadowRoot!.querySelector('textarea[part~="input"]')).not.toBeNull();
    expect(numbers).not.toHaveBeenCalled();
    expect(plurals).not.toHaveBeenCalled();
  });

  it("writes the launcher's count only once the panel is closed: the first answer in the open panel makes no Intl object", async () => {
    const { element, socket, numbers, plurals } = await openedWithSpies();
    const { threadId } = element;
    socket.receive({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Hi' } }] }] },
    });
    await settle();
    expect(element.shadowRoot!.textContent).toContain('Hi');
    expect(numbers).not.toHaveBeenCalled();
    expect(plurals).not.toHaveBeenCalled();
    // Closed with an answer unread, the launcher says so in words.
    vi.restoreAllMocks();
    element.close();
    await settle();
    socket.receive({
      type: 'message.received',
      payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'Still there?' } }] }] },
    });
    await settle();
    expect(element.shadowRoot!.querySelector('#parley-unread')?.textContent).toBe('1 unread message');
  });
});
