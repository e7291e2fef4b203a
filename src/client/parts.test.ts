// The client's parts on their own: its events, the requests it makes of what the visitor sends,
// and the status it reports.
import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { systemClock } from '../browser/clock.ts';
import type { ConnectionStatus } from '../connection/status.ts';
import type { ChatClientEventMap } from '../conversation/events.ts';
import { browserLocale } from '../conversation/send-payloads.ts';
import { MAX_MESSAGE_LENGTH } from '../protocol/limits.ts';
import { createDrafts, optimisticEntry } from './drafts.ts';
import { createEmitter } from './emitter.ts';
import { configurationError, reportedStatus } from './status.ts';

const locale = { language: () => 'pt-BR', timezoneHours: () => 2 };

describe('the emitter', () => {
  it('calls every listener of a type; one that throws is logged and the others still hear it', () => {
    const logger = silentLogger();
    const events = createEmitter<ChatClientEventMap>(logger);
    const heard: number[] = [];
    events.on('delivered', () => {
      throw new Error('boom');
    });
    const stop = events.on('delivered', ({ traceId }) => heard.push(traceId));
    events.emit('delivered', { traceId: 1 });
    stop();
    events.emit('delivered', { traceId: 2 });
    expect(heard).toEqual([1]);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('"delivered" listener threw'), expect.any(Error));
  });
});

describe('drafts', () => {
  const drafts = (language?: string) => createDrafts({ tabId: 'tab1', clock: systemClock, locale, language, user: { name: 'Ada' } });

  it('makes requests with ids unique to the tab, the two-letter language and the visitor', () => {
    const d = drafts();
    const first = d.text('  hello ')!;
    const second = d.event('checkout', { plan: 'pro' });
    expect([first.rid, second.rid]).toEqual(['tab1.0', 'tab1.1']);
    expect(first).toMatchObject({ text: 'hello', draft: { speech: 'hello', metadata: { language: 'pt' }, originator: { name: 'Ada' } } });
    expect(second).toMatchObject({ hidden: true, draft: { attachment: { type: 'event', payload: { name: 'checkout' } } } });
    expect(drafts('NL-be').text('x')!.draft.metadata).toMatchObject({ language: 'nl' });
  });

  it('tells the service a two-letter language or none: never "fi" for Filipino, never "c" for a C locale', () => {
    const under = (browser: string, configured?: string) =>
      createDrafts({
        tabId: 't',
        clock: systemClock,
        locale: { language: () => browser, timezoneHours: () => 0 },
        language: configured,
        user: undefined,
      }).text('x')!.draft.metadata;
    expect(under('C')).toEqual({ timezone: 0 });
    expect(under('C', 'fil-PH')).toEqual({ timezone: 0 });
    expect(under('de-DE', 'fil-PH')).toEqual({ language: 'de', timezone: 0 }); // the browser's, then
    expect(under('C', 'pt-BR')).toEqual({ language: 'pt', timezone: 0 });
  });

  it("a language set later applies to the next messages (the element's live `language`)", () => {
    const d = drafts('de');
    expect(d.text('a')!.draft.metadata).toMatchObject({ language: 'de' });
    d.setLanguage('ar-EG');
    expect(d.text('b')!.draft.metadata).toMatchObject({ language: 'ar' });
    d.setLanguage(undefined);
    expect(d.text('c')!.draft.metadata).toMatchObject({ language: 'pt' }); // the browser's
  });

  it("takes the first of the browser's languages that has a two-letter code", () => {
    vi.stubGlobal('navigator', { languages: ['C', 'fil-PH', 'sv-FI', 'de'], language: 'C' });
    expect(browserLocale.language()).toBe('sv');
    vi.stubGlobal('navigator', { languages: [], language: 'C' });
    expect(browserLocale.language()).toBe('');
    vi.unstubAllGlobals();
  });

  it('refuses blank text quietly, too long text and nameless events loudly', () => {
    const d = drafts();
    expect(d.text('   ')).toBeUndefined();
    expect(() => d.text('a'.repeat(MAX_MESSAGE_LENGTH + 1))).toThrow(RangeError);
    expect(() => d.event(' ')).toThrow(TypeError);
    expect(() => d.action('Open', { type: 'url', url: 'https://example.com', newTab: true } as never)).toThrow(/opens an address/);
  });

  it('quick replies and rich actions show their label; setUser applies to the next ones', () => {
    const d = drafts();
    expect(d.quickReply({ label: 'Yes', type: 'event', value: 'agree' } as never)).toMatchObject({
      text: 'Yes',
      draft: { speech: 'Yes', attachment: { payload: { name: 'agree' } } },
    });
    expect(d.action('I want Pro', { type: 'postback', text: 'Sign me up' })).toMatchObject({
      text: 'I want Pro',
      draft: { speech: 'Sign me up' },
    });
    d.setUser({ name: 'Bob' });
    expect(d.startEvent('welcome')).toMatchObject({ hidden: true, draft: { originator: { name: 'Bob' } } });
  });

  it('a request shows at once as a pending bubble', () => {
    const sent = drafts().text('hi')!;
    expect(optimisticEntry(sent)).toMatchObject({ kind: 'user', id: `u${sent.rid}`, traceId: 0, status: 'pending', text: 'hi' });
  });
});

describe('the reported status', () => {
  it('follows the shared status and reports each change of state once', () => {
    const shared = signal<ConnectionStatus>({ state: 'idle' });
    const emit = vi.fn();
    const { status, stop } = reportedStatus(shared, undefined, emit);
    shared.value = { state: 'connecting' };
    shared.value = { state: 'connecting' };
    shared.value = { state: 'open' };
    stop();
    shared.value = { state: 'idle' };
    expect(status.value.state).toBe('idle');
    expect(emit.mock.calls.map(([, detail]) => detail.state)).toEqual(['connecting', 'open']);
  });

  it('is an error, logged once, when the configuration cannot work', () => {
    const logger = silentLogger();
    expect(configurationError({ clientId: 'c1', baseUrl: 'https://service.test' }, logger)).toBeUndefined();
    const error = configurationError({ baseUrl: 'ftp://x' }, logger)!;
    expect(error.message).toMatch(/client-id is missing.*base-url "ftp:\/\/x" is not an http/);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(reportedStatus(signal<ConnectionStatus>({ state: 'open' }), error, vi.fn()).status.value).toMatchObject({
      state: 'error',
      error,
    });
  });
});
