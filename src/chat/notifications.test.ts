// @vitest-environment happy-dom
import { signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOUND_GAP_MS, startNotifications } from './notifications.ts';

let visibility: DocumentVisibilityState = 'visible';
const tones: number[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  visibility = 'visible';
  tones.length = 0;
  localStorage.clear();
  document.title = 'My shop';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // The sound is observed where it is made, not at the speakers: each chime makes one gain node.
  class FakeAudio {
    state = 'running';
    currentTime = 0;
    destination = {};
    createGain() {
      tones.push(Date.now());
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
    }
    createOscillator() {
      return { frequency: {}, connect() {}, start() {}, stop() {} };
    }
    resume() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudio);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function start(notify: { title: boolean; sound: boolean }, open = false) {
  const unread = signal(0);
  const options = { clientId: 'c1', unread, open: signal(open), notify: signal(notify) };
  const stop = startNotifications(options);
  return { ...options, stop };
}

describe('the page title', () => {
  it('shows the unread count while the page is hidden, and the page title again when it is visible', () => {
    const t = start({ title: true, sound: false });
    t.unread.value = 2;
    expect(document.title).toBe('My shop');
    setVisibility('hidden');
    expect(document.title).toBe('(2) My shop');
    t.unread.value = 3;
    expect(document.title).toBe('(3) My shop');
    setVisibility('visible');
    expect(document.title).toBe('My shop');
    t.stop();
  });

  it('leaves a title the page set meanwhile, and does nothing when off', () => {
    const t = start({ title: true, sound: false });
    setVisibility('hidden');
    t.unread.value = 1;
    document.title = 'Checkout';
    t.unread.value = 2;
    expect(document.title).toBe('(2) Checkout');
    document.title = 'Thank you';
    setVisibility('visible');
    expect(document.title).toBe('Thank you');
    t.stop();
    const off = start({ title: false, sound: false });
    setVisibility('hidden');
    off.unread.value = 4;
    expect(document.title).toBe('Thank you');
    off.stop();
  });
});

describe('the sound', () => {
  it('plays for a message that arrives while the panel is closed, at most once every few seconds', () => {
    const t = start({ title: false, sound: true });
    t.unread.value = 1;
    t.unread.value = 2;
    expect(tones).toHaveLength(1);
    vi.setSystemTime(Date.now() + SOUND_GAP_MS);
    t.unread.value = 3;
    expect(tones).toHaveLength(2);
    t.unread.value = 0; // read: nothing
    expect(tones).toHaveLength(2);
    t.stop();
  });

  it('is played by one tab: another tab of the browser that hears the same message stays silent', () => {
    const first = start({ title: false, sound: true });
    const second = start({ title: false, sound: true });
    first.unread.value = 1;
    second.unread.value = 1;
    expect(tones).toHaveLength(1);
    first.stop();
    second.stop();
  });

  it('stays silent when off, while the visitor reads the open panel, and before the visitor has used the page', () => {
    const off = start({ title: false, sound: false });
    off.unread.value = 1;
    off.stop();
    const reading = start({ title: false, sound: true }, true);
    reading.unread.value = 1;
    reading.stop();
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive: false } });
    const untouched = start({ title: false, sound: true });
    untouched.unread.value = 1;
    untouched.stop();
    expect(tones).toHaveLength(0);
    setVisibility('hidden');
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive: true } });
    const hidden = start({ title: false, sound: true }, true);
    hidden.unread.value = 1; // the panel is open, but the page is hidden
    expect(tones).toHaveLength(1);
    hidden.stop();
  });
});

describe('their code', () => {
  /** A fresh copy of the part, and of where parts come from: test/setup.ts hands the code over at once to every test. */
  const fresh = async () => {
    vi.resetModules();
    return { ...(await import('./notifications-part.ts')), ...(await import('../parts/part.ts')) };
  };

  it('is loaded when the page first asks for them, and counts what came meanwhile as new', async () => {
    const { partsFrom, watchNotifications } = await fresh();
    let arrive = (_start: typeof startNotifications) => {};
    const load = vi.fn(() => new Promise<typeof startNotifications>((resolve) => (arrive = resolve)));
    partsFrom(load);
    const unread = signal(0);
    const notify = signal({ title: false, sound: false });
    const stop = watchNotifications({ clientId: 'c1', unread, open: signal(false), notify });
    unread.value = 1;
    expect(load).not.toHaveBeenCalled();
    notify.value = { title: true, sound: false };
    notify.value = { title: true, sound: true };
    expect(load).toHaveBeenCalledOnce();
    unread.value = 2; // while the code loads
    setVisibility('hidden');
    arrive(startNotifications);
    await Promise.resolve();
    expect(tones).toHaveLength(1);
    expect(document.title).toBe('(2) My shop');
    stop();
    expect(document.title).toBe('My shop');
  });

  it('starts nothing for a chat gone before it arrived, and says when it cannot load', async () => {
    const { partsFrom, watchNotifications } = await fresh();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let arrive = (_start: typeof startNotifications) => {};
    partsFrom(() => new Promise((resolve) => (arrive = resolve)));
    const gone = watchNotifications({
      clientId: 'c1',
      unread: signal(1),
      open: signal(false),
      notify: signal({ title: true, sound: false }),
    });
    gone();
    setVisibility('hidden');
    arrive(startNotifications);
    await Promise.resolve();
    expect(document.title).toBe('My shop');
    // Once here, the code stays: a fresh copy that cannot load.
    const again = await fresh();
    again.partsFrom(() => Promise.reject(new Error('offline')));
    const failed = again.watchNotifications({
      clientId: 'c1',
      unread: signal(1),
      open: signal(false),
      notify: signal({ title: true, sound: false }),
    });
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), 'offline');
    failed();
  });
});
