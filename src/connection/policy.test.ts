import { afterEach, describe, expect, it } from 'vitest';
import { fakePolicyWatch } from '../../test/fakes.ts';
import { addressRefused, documentPolicyWatch, names, recordRefusals, socketRefused, type PolicyViolation } from './policy.ts';

describe('names', () => {
  const address = 'https://svc.example/api/socket.info?sessionId=s1&clientId=c1';

  it('knows an address by its whole URL, its origin, or (ws: and wss:, stripped by the spec) its scheme', () => {
    expect(names(address, address)).toBe(true);
    expect(names('https://svc.example', address)).toBe(true);
    expect(names('https://svc.example/', address)).toBe(true);
    expect(names('https://svc.example/api/socket.info', address)).toBe(true);
    expect(names('wss', 'wss://socket.svc.example/ws?token=1')).toBe(true);
    expect(names('ws://socket.svc.example/ws?token=1', 'ws://socket.svc.example/ws?token=1#x')).toBe(true);
  });

  it('tells other addresses apart', () => {
    expect(names('https://svc.example.evil', address)).toBe(false);
    expect(names('https://analytics.example/collect', address)).toBe(false);
    expect(names('http://svc.example', address)).toBe(false);
    expect(names('https', address)).toBe(false);
    expect(names('ws', 'wss://socket.svc.example/ws')).toBe(false);
    expect(names('', address)).toBe(false);
    expect(names('inline', address)).toBe(false);
    expect(names(address, 'not a url')).toBe(false);
  });
});

describe('what a refusal says', () => {
  const violation: PolicyViolation = { blockedURI: 'https://svc.example/socket.info', directive: 'connect-src' };

  it('names the address without its query, the directive, and what to add', () => {
    expect(addressRefused('https://svc.example/api/socket.info?sessionId=s1', violation)).toEqual({
      kind: 'policy',
      message:
        "the page's Content-Security-Policy blocks https://svc.example/api/socket.info (connect-src): add https://svc.example and the service's wss:// socket address to connect-src",
      final: true,
    });
    expect(addressRefused('http://localhost:5173/parley-emulator/socket.info', violation).message).toContain(
      "add http://localhost:5173 and the service's ws:// (or wss://) socket address to connect-src",
    );
  });

  it('names a socket by its origin only (the rest of its address is single-use)', () => {
    expect(socketRefused('wss://socket.svc.example/ws/abc?token=secret', violation).message).toBe(
      "the page's Content-Security-Policy blocks the socket to wss://socket.svc.example (connect-src): add wss://socket.svc.example to connect-src",
    );
  });
});

describe('recordRefusals', () => {
  it('keeps connect-src refusals only, and hears nothing once stopped', () => {
    const page = fakePolicyWatch();
    const refusals = recordRefusals(page.policy);
    page.refuse('https://svc.example', 'img-src');
    expect(refusals.of('https://svc.example/socket.info')).toBeUndefined();
    page.refuse('https://svc.example/socket.info');
    expect(refusals.of('https://svc.example/socket.info')).toEqual({
      blockedURI: 'https://svc.example/socket.info',
      directive: 'connect-src',
    });
    refusals.stop();
    expect(page.listenerCount()).toBe(0);
  });

  it("keeps at most 20 of a busy page's refusals", () => {
    const page = fakePolicyWatch();
    const refusals = recordRefusals(page.policy);
    for (let i = 0; i < 100; i++) page.refuse(`https://page-${i}.example/beacon`);
    page.refuse('https://svc.example/socket.info');
    expect(refusals.of('https://page-19.example/beacon')).toBeDefined();
    expect(refusals.of('https://svc.example/socket.info')).toBeUndefined();
  });
});

describe('documentPolicyWatch', () => {
  const real = globalThis.document;
  afterEach(() => {
    Object.assign(globalThis, { document: real });
  });

  function violationEvent(fields: Partial<SecurityPolicyViolationEvent>): Event {
    return Object.assign(new Event('securitypolicyviolation'), fields);
  }

  it("passes on the document's enforced refusals with their effective directive, not a report-only policy's", () => {
    const doc = new EventTarget();
    Object.assign(globalThis, { document: doc });
    const heard: PolicyViolation[] = [];
    const unsubscribe = documentPolicyWatch().subscribe((violation) => heard.push(violation));
    const fields = { blockedURI: 'wss://svc.example/ws', effectiveDirective: 'connect-src', violatedDirective: 'default-src' };
    doc.dispatchEvent(violationEvent({ ...fields, disposition: 'enforce' }));
    doc.dispatchEvent(violationEvent({ ...fields, disposition: 'report' }));
    unsubscribe();
    doc.dispatchEvent(violationEvent({ ...fields, disposition: 'enforce' }));
    expect(heard).toEqual([{ blockedURI: 'wss://svc.example/ws', directive: 'connect-src' }]);
  });

  it('hears nothing, and throws nothing, where there is no document', () => {
    Object.assign(globalThis, { document: undefined });
    const unsubscribe = documentPolicyWatch().subscribe(() => {
      throw new Error('unexpected');
    });
    expect(unsubscribe).not.toThrow();
  });
});
