export interface BackoffOptions {
  /** Upper bound of the first retry's delay. */
  baseMs: number;
  /** Growth of the upper bound per failed attempt. */
  factor: number;
  /** No delay is ever longer than this. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, factor: 2, capMs: 30_000 };

/** The largest delay after `failures` consecutive failures (0 = the first failure). */
export function backoffCeiling(failures: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  return Math.min(options.capMs, options.baseMs * options.factor ** Math.max(0, failures));
}

/**
 * Exponential backoff with full jitter: a uniform pick in [0, ceiling). Jitter spreads the
 * reconnects of many visitors after a service restart instead of synchronising them.
 */
export function backoffDelay(failures: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const unit = Math.min(Math.max(random(), 0), 1);
  return Math.floor(unit * backoffCeiling(failures, options));
}
