// The element's call queue: calls that waited for the chat run in order, and a call made while
// they still run waits behind them; with none waiting, a call runs at once.
import { describe, expect, it } from 'vitest';
import { inTurns } from './call-queue.ts';

/** A call that finishes when its `finish` is called, logging when it starts and ends. */
function deferredCall(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const run = () => {
    log.push(`${name} starts`);
    return done.then(() => void log.push(`${name} ends`));
  };
  return { run, finish: () => finish() };
}

describe('inTurns', () => {
  it('runs a call at once when nothing is queued', () => {
    const log: string[] = [];
    const inTurn = inTurns();
    void inTurn(deferredCall(log, 'send').run);
    expect(log).toEqual(['send starts']);
  });

  it('runs queued calls one after the other, and a later call behind them', async () => {
    const log: string[] = [];
    const inTurn = inTurns();
    const reset = deferredCall(log, 'reset');
    const send = deferredCall(log, 'send');
    const later = deferredCall(log, 'later');
    const all = [inTurn(reset.run, true), inTurn(send.run, true), inTurn(later.run)];
    await Promise.resolve();
    expect(log).toEqual(['reset starts']);
    reset.finish();
    send.finish();
    later.finish();
    await Promise.all(all);
    expect(log).toEqual(['reset starts', 'reset ends', 'send starts', 'send ends', 'later starts', 'later ends']);
  });

  it('goes on after a call that fails, and runs at once again once the queue is done', async () => {
    const log: string[] = [];
    const inTurn = inTurns();
    const failing = inTurn(() => Promise.reject(new Error('refused')), true);
    const next = deferredCall(log, 'next');
    const queued = inTurn(next.run);
    await expect(failing).rejects.toThrow('refused');
    next.finish();
    await queued;
    for (let tick = 0; tick < 3; tick++) await Promise.resolve(); // the queue's own bookkeeping settles
    void inTurn(deferredCall(log, 'direct').run);
    expect(log).toEqual(['next starts', 'next ends', 'direct starts']);
  });
});
