// A command from any tab, carried out by the engine of the tab that holds the socket.
import type { Engine } from '../engine/engine.ts';
import type { Command } from './channel.ts';
import type { Forgetting } from './forgetting.ts';

export function runCommand(engine: Engine, command: Command, forgets?: Pick<Forgetting, 'everywhere'>): void {
  switch (command.name) {
    case 'send':
      void engine.submit(command.request);
      return;
    case 'connect':
      engine.connect();
      return;
    case 'retry':
      engine.retry(command.traceId);
      return;
    case 'discard':
      engine.discard(command.traceId);
      return;
    case 'adopt':
      engine.adopt(command.entries);
      return;
    case 'retryNow':
      engine.retryNow();
      return;
    case 'dismissError':
      engine.dismissError();
      return;
    case 'reset':
      void engine.reset();
      return;
    case 'forget':
      void forgets?.everywhere(engine);
      return;
    case 'read':
      engine.read(command.seq);
  }
}
