import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../test/fake-tabs.ts';
import { silentLogger } from '../../test/fakes.ts';
import { openTabChannel, type Envelope, type TabMessage } from './channel.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('openTabChannel', () => {
  it('delivers this protocol between tabs, never to the sender, and ignores anything else on the name', async () => {
    const browser = fakeBrowser();
    const got: Envelope[] = [];
    const mine = openTabChannel('parley:c', browser.Channel, 'tab-a', () => got.push({} as Envelope), silentLogger());
    const theirs = openTabChannel('parley:c', browser.Channel, 'tab-b', (message) => got.push(message), silentLogger());
    const stranger = new browser.Channel('parley:c');
    mine.post({ type: 'hello' });
    stranger.postMessage({ type: 'hello', from: 'x' }); // no version: another script
    stranger.postMessage({ v: 2, from: 'x', type: 'rm -rf' });
    stranger.postMessage({ v: 1, from: 'x', type: 'hello' }); // an older Parley: ops without epochs
    stranger.postMessage('just text');
    stranger.postMessage(null);
    await vi.advanceTimersByTimeAsync(5);
    expect(got).toEqual([{ type: 'hello', v: 2, from: 'tab-a' }]);
    mine.close();
    theirs.close();
    stranger.close();
    expect(browser.openChannels()).toBe(0);
  });

  it('posting on a closed channel is harmless', () => {
    const browser = fakeBrowser();
    const channel = openTabChannel(
      'parley:c',
      class extends browser.Channel {
        override postMessage(): void {
          throw new DOMException('closed', 'InvalidStateError');
        }
      },
      'tab-a',
      () => {},
      silentLogger(),
    );
    expect(() => channel.post({ type: 'beat', epoch: 1, n: 0 })).not.toThrow();
  });
});

const entry = (seq: number, extra: object = {}) => ({
  kind: 'received',
  id: `r${seq}`,
  seq,
  from: 'bot',
  at: seq,
  text: `m${seq}`,
  ...extra,
});
const user = { kind: 'user', id: 'u1', traceId: 1, seq: 1, text: 'hi', at: 1, status: 'sent' };
const state = {
  threadId: 't1',
  entries: [user, entry(2)],
  hasOlder: false,
  stored: true,
  readSeq: 0,
  typing: false,
  status: { state: 'open' },
};
const request = {
  rid: 'tab.1',
  draft: { speech: 'hi', originator: { role: 'external', name: 'Ann' }, metadata: { timezone: 1 } },
  text: 'hi',
  at: 5,
};
const op = (value: object, n = 1) => ({ type: 'op', op: value, n, epoch: 7 });

/** Each kind of message: one as the holder or a tab sends it, then forged or damaged ones. */
const kinds: Array<[string, object, object[]]> = [
  ['hello', { type: 'hello' }, []],
  [
    'beat',
    { type: 'beat', epoch: 7, n: 3 },
    [
      { type: 'beat', epoch: '7', n: 3 },
      { type: 'beat', epoch: Infinity, n: 3 },
      { type: 'beat', n: 3 },
    ],
  ],
  [
    'state op',
    op({ op: 'state', state }),
    [
      op({ op: 'state', state: { ...state, status: { state: 'hacked' } } }),
      op({ op: 'state', state: { ...state, entries: 'all' } }),
      op({ op: 'state' }),
    ],
  ],
  [
    'put op',
    op({ op: 'put', entries: [entry(3)] }),
    [
      op({ op: 'put', entries: [{ ...entry(3), from: 'root' }] }),
      op({ op: 'put', entries: [entry(3, { response: { payload: { url: 'https://cdn.test/v.webm' } } })] }),
    ],
  ],
  ['remove op', op({ op: 'remove', ids: ['u1'] }), [op({ op: 'remove', ids: 'u1' }), op({ op: 'remove', ids: [1] })]],
  ['saved op', op({ op: 'saved', ids: ['u1'] }), [op({ op: 'saved' })]],
  ['typing op', op({ op: 'typing', on: true }), [op({ op: 'typing', on: 'yes' })]],
  [
    'status op',
    op({ op: 'status', status: { state: 'reconnecting', retryAt: 5, error: { kind: 'network', message: 'down', final: false } } }),
    [op({ op: 'status', status: { state: 'error' } }), op({ op: 'status', status: 'open' })],
  ],
  ['error op', op({ op: 'error', message: 'refused' }), [op({ op: 'error', message: { text: 'x' } })]],
  ['read op', op({ op: 'read', seq: 4 }), [op({ op: 'read', seq: NaN }), op({ op: 'explode' }), op({ op: 'read', seq: 4 }, Number.NaN)]],
  [
    'send command',
    { type: 'command', command: { name: 'send', request } },
    [
      { type: 'command', command: { name: 'send', request: { ...request, draft: { speech: 7 } } } },
      { type: 'command', command: { name: 'send' } },
    ],
  ],
  [
    'connect command',
    { type: 'command', command: { name: 'connect' } },
    [
      { type: 'command', command: { name: 'format' } },
      { type: 'command', command: 'connect' },
    ],
  ],
  [
    'retry command',
    { type: 'command', command: { name: 'retry', traceId: 3 } },
    [{ type: 'command', command: { name: 'retry', traceId: '3' } }],
  ],
  ['discard command', { type: 'command', command: { name: 'discard', traceId: 3 } }, [{ type: 'command', command: { name: 'discard' } }]],
  [
    'adopt command',
    { type: 'command', command: { name: 'adopt', entries: [entry(4)] } },
    [{ type: 'command', command: { name: 'adopt', entries: [entry(4, { message: { originator: 'bot' } })] } }],
  ],
  ['retryNow command', { type: 'command', command: { name: 'retryNow' } }, []],
  ['dismissError command', { type: 'command', command: { name: 'dismissError' } }, []],
  ['reset command', { type: 'command', command: { name: 'reset' } }, []],
  ['read command', { type: 'command', command: { name: 'read', seq: 2 } }, [{ type: 'command', command: { name: 'read', seq: null } }]],
  // The page's copy of a received message, whole: fields the schemas do not name get through too.
  [
    'message event',
    {
      type: 'event',
      event: { type: 'message', detail: { threadId: 't1', flow: { id: 'f' }, messages: [{ fallback: 'Hi', step: 2, replyTo: null }] } },
    },
    [{ type: 'event', event: { type: 'message', detail: { threadId: 't1' } } }],
  ],
  [
    'delivered event',
    { type: 'event', event: { type: 'delivered', detail: { traceId: 1 } } },
    [{ type: 'event', event: { type: 'delivered', detail: {} } }],
  ],
  [
    'error event',
    { type: 'event', event: { type: 'error', detail: { message: 'no', source: 'service' } } },
    [
      { type: 'event', event: { type: 'error', detail: { message: 'no', source: 'me' } } },
      { type: 'event', event: { type: 'open' } },
    ],
  ],
];

describe('messages between tabs pass the same checks as frames', () => {
  async function deliver(messages: object[]) {
    const browser = fakeBrowser();
    const got: Envelope[] = [];
    const logger = silentLogger();
    const channel = openTabChannel('parley:c', browser.Channel, 'tab-b', (message) => got.push(message), logger);
    const stranger = new browser.Channel('parley:c');
    for (const message of messages) stranger.postMessage({ v: 2, from: 'tab-x', ...message });
    await vi.advanceTimersByTimeAsync(5);
    channel.close();
    stranger.close();
    return { got, logger };
  }

  it.each(kinds)('a %s as a tab sends it gets through; forged or damaged ones are ignored with a warning', async (_kind, good, bad) => {
    const { got, logger } = await deliver([...bad, good, ...bad]);
    expect(got).toEqual([{ ...good, v: 2, from: 'tab-x' }]);
    if (bad.length) expect(logger.warn).toHaveBeenCalled();
    for (const [text] of logger.warn.mock.calls) expect(text).toMatch(/^\[parley\] ignored a malformed .* message from another tab/);
  });

  it('warns once per kind, however many come', async () => {
    const forged = op({ op: 'typing', on: 'yes' });
    const { got, logger } = await deliver([forged, forged, forged, { type: 'beat' }, { type: 'beat' }]);
    expect(got).toEqual([]);
    expect(logger.warn.mock.calls.map(([text]) => text)).toEqual([
      '[parley] ignored a malformed "typing" op message from another tab (op.on)',
      '[parley] ignored a malformed "beat" message from another tab (epoch, n)',
    ]);
  });

  it('rich content from another tab is made again from its response: an unsafe button goes, a forged drawing is ignored, nothing but the checked entry gets through', async () => {
    const response = {
      type: 'buttons',
      payload: {
        title: 'Pick',
        buttons: [
          { type: 'url', label: 'Site', value: 'https://parley.test/', newTab: true },
          { type: 'url', label: 'Evil', value: 'javascript:alert(1)' },
          { type: 'phone', label: 'Call', value: '+1 555 0100' },
        ],
      },
    };
    const forged = {
      type: 'buttons',
      title: 'Pick',
      buttons: [{ label: 'Evil', action: { type: 'link', url: 'javascript:alert(1)', newTab: false } }],
    };
    const agent = entry(5, { from: 'agent', name: 'Ann', picture: 'https://cdn.test/a.png', response, rich: forged, extra: '<script>' });
    const { got } = await deliver([op({ op: 'put', entries: [agent] })]);
    const [put] = got as Array<Extract<TabMessage, { type: 'op' }>>;
    expect(put?.op).toEqual({
      op: 'put',
      entries: [
        {
          ...entry(5, { from: 'agent', name: 'Ann', picture: 'https://cdn.test/a.png', response }),
          rich: {
            type: 'buttons',
            title: 'Pick',
            buttons: [
              { label: 'Site', action: { type: 'link', url: 'https://parley.test/', newTab: true } },
              { label: 'Call', action: { type: 'phone', url: 'tel:+15550100' } },
            ],
          },
        },
      ],
    });
  });
});
