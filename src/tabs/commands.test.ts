// How a command from any tab reaches the holder's engine: every command of channel.ts, listed
// here by name (the compiler fails this file when a command is added and not tested), reaches
// the engine method it names, with its argument, through runCommand itself.
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../engine/engine.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Command } from './channel.ts';
import { runCommand } from './commands.ts';
import type { Forgetting } from './forgetting.ts';

/** An engine whose every method is a spy: the whole interface, so a new method fails to compile here. */
function spyEngine() {
  return {
    ready: Promise.resolve(),
    submit: vi.fn(async () => undefined),
    connect: vi.fn(),
    disconnect: vi.fn(),
    retryNow: vi.fn(),
    retry: vi.fn(),
    adopt: vi.fn(),
    discard: vi.fn(),
    dismissError: vi.fn(),
    read: vi.fn(),
    reset: vi.fn(async () => undefined),
    forget: vi.fn(async () => undefined),
    destroy: vi.fn(async () => undefined),
  } satisfies Engine;
}
type SpyEngine = ReturnType<typeof spyEngine>;

const request: SendRequest = { rid: 't.0', traceId: 1, speech: 'hi', text: 'hi', at: 0 } as unknown as SendRequest;

/** Each command, and the call it must make. */
const EXPECTED = {
  send: [{ name: 'send', request }, (engine) => expect(engine.submit).toHaveBeenCalledWith(request)],
  connect: [{ name: 'connect' }, (engine) => expect(engine.connect).toHaveBeenCalledOnce()],
  retry: [{ name: 'retry', traceId: 3 }, (engine) => expect(engine.retry).toHaveBeenCalledWith(3)],
  discard: [{ name: 'discard', traceId: 4 }, (engine) => expect(engine.discard).toHaveBeenCalledWith(4)],
  adopt: [{ name: 'adopt', entries: [] }, (engine) => expect(engine.adopt).toHaveBeenCalledWith([])],
  retryNow: [{ name: 'retryNow' }, (engine) => expect(engine.retryNow).toHaveBeenCalledOnce()],
  dismissError: [{ name: 'dismissError' }, (engine) => expect(engine.dismissError).toHaveBeenCalledOnce()],
  reset: [{ name: 'reset' }, (engine) => expect(engine.reset).toHaveBeenCalledOnce()],
  // Forgetting is every tab's: it goes through forgetting.ts, which tells the others.
  forget: [{ name: 'forget' }, (engine, forgets) => expect(forgets.everywhere).toHaveBeenCalledWith(engine)],
  read: [{ name: 'read', seq: 9 }, (engine) => expect(engine.read).toHaveBeenCalledWith(9)],
} satisfies {
  [Name in Command['name']]: [
    Extract<Command, { name: Name }>,
    (engine: SpyEngine, forgets: { everywhere: ReturnType<typeof vi.fn> }) => void,
  ];
};

describe('runCommand', () => {
  it.each(Object.entries(EXPECTED))('%s reaches the engine with its argument, and nothing else', (name, [command, check]) => {
    const engine = spyEngine();
    const forgets = { everywhere: vi.fn(async () => undefined) } satisfies Pick<Forgetting, 'everywhere'>;
    runCommand(engine, command as Command, forgets);
    check(engine, forgets);
    const called = Object.entries(engine).filter(([, spy]) => typeof spy === 'function' && spy.mock.calls.length > 0);
    expect(called.map(([method]) => method)).toEqual(name === 'forget' ? [] : [name === 'send' ? 'submit' : name]);
  });
});
