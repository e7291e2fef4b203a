import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../test/fake-tabs.ts';
import { electLeader } from './election.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(0);

function candidate(browser: ReturnType<typeof fakeBrowser>, log: string[], name: string) {
  const tab = browser.tab();
  const election = electLeader({
    name: 'parley:c',
    locks: tab.support.locks,
    lifecycle: tab.support.lifecycle,
    lead: () => {
      log.push(`${name} leads`);
      return () => log.push(`${name} ends`);
    },
    onRefused: () => log.push(`${name} alone`),
  });
  return { ...tab, election };
}

describe('electLeader', () => {
  it('one tab leads; the next in line takes over when it stops', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    const a = candidate(browser, log, 'a');
    const b = candidate(browser, log, 'b');
    await settle();
    expect(log).toEqual(['a leads']);
    a.election.stop();
    await settle();
    expect(log).toEqual(['a leads', 'a ends', 'b leads']);
    b.election.stop();
    await settle();
    expect(browser.holderOf('parley:c')).toBeUndefined();
  });

  it('a tab that is hidden or frozen lets go, and queues again when it returns', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    const a = candidate(browser, log, 'a');
    candidate(browser, log, 'b');
    await settle();
    a.leave();
    await settle();
    expect(log).toEqual(['a leads', 'a ends', 'b leads']);
    a.back();
    await settle();
    expect(log).toEqual(['a leads', 'a ends', 'b leads']); // in line behind b
  });

  it('a silent holder can be replaced: it stops leading and queues behind the new holder', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    const a = candidate(browser, log, 'a');
    const b = candidate(browser, log, 'b');
    await settle();
    b.election.takeOver();
    await settle();
    expect(log.slice(1).sort()).toEqual(['a ends', 'b leads']);
    b.election.stop();
    await settle();
    expect(log.slice(3)).toEqual(['b ends', 'a leads']);
    a.election.stop();
  });

  it('stopping while in line leaves the line', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    const a = candidate(browser, log, 'a');
    const b = candidate(browser, log, 'b');
    await settle();
    b.election.stop();
    a.election.stop();
    await settle();
    expect(log).toEqual(['a leads', 'a ends']);
  });

  it('a lock the browser refuses (an opaque origin) is asked for once, not again and again', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    let requests = 0;
    const refusing = {
      request: () => {
        requests++;
        return Promise.reject(new DOMException('Access to the Locks API is denied in this context.', 'SecurityError'));
      },
    };
    const tab = browser.tab();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    electLeader({
      name: 'parley:c',
      locks: refusing,
      lifecycle: tab.support.lifecycle,
      lead: () => () => undefined,
      onRefused: () => log.push('alone'),
    });
    await settle();
    tab.back(); // pageshow: a refusal stays a refusal
    await settle();
    expect(requests).toBe(1);
    expect(log).toEqual(['alone']);
    expect(warn.mock.calls.filter(([text]) => String(text).includes('Web Locks'))).toHaveLength(1);
    warn.mockRestore();
  });

  it('a lock request that throws at once is a refusal: no uncaught error, the tab works alone', async () => {
    const browser = fakeBrowser();
    const log: string[] = [];
    const throwing = {
      request: (): Promise<unknown> => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() =>
      electLeader({
        name: 'parley:c',
        locks: throwing,
        lifecycle: browser.tab().support.lifecycle,
        lead: () => () => undefined,
        onRefused: () => log.push('alone'),
      }),
    ).not.toThrow();
    await settle();
    expect(log).toEqual(['alone']);
  });
});
