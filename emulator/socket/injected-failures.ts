// The failures tests inject into address requests through the control API: each counter answers
// that many requests with its failure, checked before anything else.
import type { IncomingMessage } from 'node:http';
import type { EmulatorLog } from '../core/log.ts';
import type { Mode } from '../core/options.ts';
import type { Answer } from './address-request.ts';

/** Failures the control API injects, checked before anything else. */
export interface Overrides {
  fail: number;
  failStatus: number;
  refuse: number;
  networkError: number;
}

export const newOverrides = (): Overrides => ({ fail: 0, failStatus: 500, refuse: 0, networkError: 0 });

/** What a control call asks: counts of each failure to come, and the status of the `fail` ones. */
export interface Injection {
  fail?: number;
  status?: number;
  refuse?: number;
  networkError?: number;
}

/** Sets the counters a call names. Each call states its status: with `fail` and no status, 500, not the previous call's. */
export function inject(overrides: Overrides, { fail, status, refuse, networkError }: Injection): void {
  if (fail !== undefined) overrides.failStatus = status ?? 500;
  else if (status !== undefined) overrides.failStatus = status;
  if (fail !== undefined) overrides.fail = fail;
  if (refuse !== undefined) overrides.refuse = refuse;
  if (networkError !== undefined) overrides.networkError = networkError;
}

/** Spends one injected failure on this request, if any is left: true when it was answered (or cut). */
export function injectFailure(overrides: Overrides, req: IncomingMessage, answer: Answer, mode: Mode, log: EmulatorLog): boolean {
  if (overrides.networkError > 0) {
    overrides.networkError--;
    log.info(`address ${mode} -> network error (injected)`);
    req.socket.destroy();
    return true;
  }
  if (overrides.fail > 0) {
    overrides.fail--;
    answer(overrides.failStatus, { status: 'error', message: 'injected failure' });
    return true;
  }
  if (overrides.refuse > 0) {
    overrides.refuse--;
    answer(200, { status: 'error', message: 'injected refusal' });
    return true;
  }
  return false;
}
