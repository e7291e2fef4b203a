// The blackhole test control: a half-dead network where the open sockets stay open but nothing
// goes out or is heard; its sockets do not idle out, and idle time starts again when it ends.
import type { Clock } from '../core/clock.ts';
import type { SocketRecord } from './connections.ts';
import type { IdleTimers } from './idle.ts';

/** Turns the blackhole on or off for the open sockets; returns how many changed. */
export function setBlackhole(open: SocketRecord[], on: boolean, clock: Clock, idle: IdleTimers): number {
  let affected = 0;
  for (const rec of open) {
    if (on === rec.blackholed) continue;
    rec.blackholed = on;
    if (on) idle.stop(rec);
    else {
      rec.lastFrameAt = clock.now();
      idle.arm(rec);
    }
    affected++;
  }
  return affected;
}
