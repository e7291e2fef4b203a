// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabDraft } from './panel-state.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('tabDraft: the composer text of this tab', () => {
  it('keeps a draft with its caret per clientId, and forgets it when emptied', () => {
    const draft = tabDraft('c1');
    expect(draft.read()).toBeUndefined();
    draft.write({ text: 'half a question', start: 4, end: 4 });
    expect(tabDraft('c1').read()).toEqual({ text: 'half a question', start: 4, end: 4 });
    expect(tabDraft('c2').read()).toBeUndefined();
    draft.write({ text: '', start: 0, end: 0 });
    expect(draft.read()).toBeUndefined();
    draft.write({ text: 'again', start: 5, end: 5 });
    draft.write(undefined);
    expect(sessionStorage.length).toBe(0);
  });

  it('survives a storage that refuses or holds garbage', () => {
    sessionStorage.setItem('parley:draft:c1', '{not json');
    expect(tabDraft('c1').read()).toBeUndefined();
    for (const forged of [{ text: 'x' }, { text: 'x', start: '0', end: 1 }, { text: ['x'], start: 0, end: 0 }]) {
      sessionStorage.setItem('parley:draft:c1', JSON.stringify(forged));
      expect(tabDraft('c1').read()).toBeUndefined();
    }
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => tabDraft('c1').write({ text: 'x', start: 1, end: 1 })).not.toThrow();
  });
});
