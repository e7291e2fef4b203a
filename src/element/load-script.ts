// The loader brings the chat's file with a <script> element, pinned by Subresource Integrity
// (a file changed on its server is refused) and CORS-fetched as integrity requires. No import()
// here: a classic script cannot pin a module's integrity under a strict CSP (that takes an
// inline import map).
import type { ChatModule } from './chat-host.ts';

/** Where the chat's file leaves its exports: on its own <script> element, so no global is used. */
export const CHAT_EXPORTS = Symbol.for('parley.chat');

export function loadChatScript(src: string, integrity: string): Promise<ChatModule> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
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
      const code = (script as unknown as Record<symbol, ChatModule | undefined>)[CHAT_EXPORTS];
      if (code) resolve(code);
      else reject(new Error(`${src} loaded, but it is not this version's chat`));
    };
    script.onerror = () => {
      // The page's CSP reports its refusal in an event of its own: give it a task to arrive.
      setTimeout(() => {
        done();
        reject(new Error(`could not load ${src}: ${failureReason(blocked)}`));
      }, 0);
    };
    script.src = src;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    document.head.append(script);
  });
}

function failureReason(blockedByPolicy: boolean): string {
  if (blockedByPolicy) return "the page's Content-Security-Policy does not allow it (script-src)";
  if (globalThis.navigator?.onLine === false) return 'the browser is offline';
  return 'not found, unreachable, or changed on its server (its integrity hash does not match)';
}
