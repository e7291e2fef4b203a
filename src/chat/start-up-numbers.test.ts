// @vitest-environment happy-dom
// What a panel's start-up leaves out of the way of the tap (issue 43): an Intl object costs a slow
// phone about a tenth of a second, so no number is written while there is none to show. (The
// clock's test is a file of its own: an Intl object made once is kept for the module's life.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle, setup, clearPage } from '../../test/element-fixture.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearPage();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the chat's start-up", () => {
  it('writes no count (no Intl.NumberFormat or PluralRules) while there are no unread messages to show', async () => {
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const plurals = vi.spyOn(Intl, 'PluralRules');
    const t = setup();
    const element = t.create();
    element.open();
    await settle();
    t.sockets.last().open();
    await settle();
    expect(element.shadowRoot!.querySelector('textarea[part~="input"]')).not.toBeNull();
    expect(numbers).not.toHaveBeenCalled();
    expect(plurals).not.toHaveBeenCalled();
  });
});
