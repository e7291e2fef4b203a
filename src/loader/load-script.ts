// The loader brings the chat's file, and the chat a language's, with a <script> element, pinned
// by Subresource Integrity (a file changed on its server is refused) and CORS-fetched as
// integrity requires. No import() here: a classic script cannot pin a module's integrity under
// a strict CSP (that takes an inline import map).

/** Where a file of ours leaves its exports: on its own <script> element, so no global is used. */
export const CHAT_EXPORTS = Symbol.for('parley.chat');

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

/** The one URL the "parley" policy passes, while it is assigned: a file this loader computed. */
let allowed: string | undefined;
let policy: ScriptUrlPolicy | undefined;

/**
 * Under Trusted Types (`require-trusted-types-for 'script'`) a script URL must come from a
 * policy: ours is named "parley", made once, and passes nothing but Parley's own files. Where the
 * page's CSP refuses the name, the plain URL is tried: a page that does not enforce takes it.
 */
export function trustedScriptUrl(src: string): unknown {
  try {
    policy ??= (globalThis as { trustedTypes?: { createPolicy(name: string, rules: object): ScriptUrlPolicy } }).trustedTypes?.createPolicy(
      'parley',
      {
        createScriptURL(url: string) {
          if (url !== allowed) throw new TypeError(url); // not a file of ours
          return url;
        },
      },
    );
  } catch {
    // Not allowed by the page's trusted-types directive.
  }
  allowed = src;
  const url = policy ? policy.createScriptURL(src) : src;
  allowed = undefined;
  return url;
}

/**
 * Runs the file and resolves with what it left on its element; rejects with why it did not run.
 * `imports`: what the file finds on its element as it starts (the chat's Preact, for the rich templates).
 */
export function loadScript<T>(src: string, integrity: string, imports?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    (script as unknown as Record<symbol, unknown>)[CHAT_EXPORTS] = imports;
    let blocked = false;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI === src) blocked = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    const done = () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      script.remove();
    };
    script.onload = () => {
      done();
      const code = (script as unknown as Record<symbol, T | undefined>)[CHAT_EXPORTS];
      if (code && code !== imports) resolve(code);
      else reject(new Error(`${src} loaded, but it is not a file of this version of Parley`));
    };
    script.onerror = () => {
      // The page's CSP reports its refusal in an event of its own: give it a task to arrive.
      setTimeout(() => {
        done();
        void failureReason(src, blocked).then((reason) => reject(new Error(`could not load ${src}: ${reason}`)));
      }, 0);
    };
    try {
      script.src = trustedScriptUrl(src) as string;
    } catch {
      done();
      reject(
        new Error(
          `could not load ${src}: the page's CSP requires Trusted Types but does not allow the policy "parley": add trusted-types parley`,
        ),
      );
      return;
    }
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    document.head.append(script);
  });
}

/** Why the file did not run, in words a site owner can act on; asks the server once more to tell. */
export async function failureReason(src: string, blockedByPolicy: boolean): Promise<string> {
  if (blockedByPolicy) return "the page's Content-Security-Policy does not allow it (script-src)";
  if (globalThis.navigator?.onLine === false) return 'the browser is offline';
  try {
    const response = await fetch(src, { mode: 'cors', cache: 'no-store' });
    return response.ok
      ? 'its content does not match the integrity hash this parley.js was built with'
      : `the server answers ${response.status}`;
  } catch {
    // Refused in CORS mode: reachable without it means the server sends no CORS headers.
    return fetch(src, { mode: 'no-cors', cache: 'no-store' }).then(
      () => 'the server sends no CORS headers (Access-Control-Allow-Origin), which integrity checks need',
      () => 'the server cannot be reached',
    );
  }
}
