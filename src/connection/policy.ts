// The page's Content-Security-Policy may refuse the widget's connections (`connect-src`). The
// browser fails such a request as it fails an unreachable service (a TypeError, a socket error)
// and names the refusal only in a `securitypolicyviolation` event on the document, just before
// or just after. Heard here, so a refusal is told as one and never retried: no retry changes the
// page's policy.
import type { ConnectionError } from './machine.ts';

/** One refusal, as the browser reports it. */
export interface PolicyViolation {
  /** What was refused: the whole URL, or (stripped, as some browsers report it) its origin or scheme. */
  blockedURI: string;
  /** The directive that refused it, e.g. `connect-src`. */
  directive: string;
}

/** Where the page's refusals are heard: the document's, or a test's. */
export interface PolicyWatch {
  /** Calls back on each refusal the page enforces; returns an unsubscribe. */
  subscribe(listener: (violation: PolicyViolation) => void): () => void;
}

/** The real document's refusals, or none where there is no document (Node, SSR). */
export function documentPolicyWatch(): PolicyWatch {
  return {
    subscribe(listener) {
      const doc: Document | undefined = globalThis.document;
      if (!doc) return () => {};
      const onViolation = (event: SecurityPolicyViolationEvent) => {
        if (event.disposition === 'report') return; // a report-only policy refuses nothing
        listener({ blockedURI: event.blockedURI, directive: event.effectiveDirective || event.violatedDirective });
      };
      doc.addEventListener('securitypolicyviolation', onViolation);
      return () => doc.removeEventListener('securitypolicyviolation', onViolation);
    },
  };
}

export interface Refusals {
  /** The refusal heard so far that names this address, if any. */
  of(url: string): PolicyViolation | undefined;
  stop(): void;
}

/**
 * Records the page's `connect-src` refusals (the directive of fetch and WebSocket) from now until
 * stopped: a picture of the service's own origin refused by img-src says nothing of its socket.
 */
export function recordRefusals(watch: PolicyWatch): Refusals {
  const heard: PolicyViolation[] = [];
  let unsubscribe: (() => void) | undefined = watch.subscribe((violation) => {
    // A busy page's own refusals must not pile up.
    if (violation.directive === 'connect-src' && heard.length < 20) heard.push(violation);
  });
  return {
    of: (url) => heard.find((violation) => names(violation.blockedURI, url)),
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

/** Whether a reported blockedURI is this address: the whole URL, its origin, or only its scheme. */
export function names(blockedURI: string, url: string): boolean {
  const address = parse(url);
  if (!address || !blockedURI) return false;
  address.hash = '';
  const href = address.href;
  return (
    blockedURI === href ||
    (blockedURI === address.protocol.slice(0, -1) && !/^https?:$/.test(address.protocol)) || // ws, wss
    href.startsWith(`${blockedURI.replace(/\/$/, '')}/`) ||
    href.startsWith(`${blockedURI}?`)
  );
}

/**
 * The address request was refused: name it without its query (a sessionId), and what to add.
 * The socket's address is not known yet (the request would have given it).
 */
export function addressRefused(url: string, violation: PolicyViolation): ConnectionError {
  const address = parse(url);
  const shown = address ? `${address.origin}${address.pathname}` : url;
  const socketScheme = address?.protocol === 'http:' ? 'ws:// (or wss://)' : 'wss://';
  const add = address ? `${address.origin} and the service's ${socketScheme} socket address` : 'the service';
  return refused(shown, violation.directive, add);
}

/** The socket was refused: name its origin only (the rest of a socket address is single-use). */
export function socketRefused(endpoint: string, violation: PolicyViolation): ConnectionError {
  const origin = parse(endpoint)?.origin ?? endpoint;
  return refused(`the socket to ${origin}`, violation.directive, origin);
}

function refused(what: string, directive: string, add: string): ConnectionError {
  return {
    kind: 'policy',
    message: `the page's Content-Security-Policy blocks ${what} (${directive}): add ${add} to ${directive}`,
    final: true,
  };
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
