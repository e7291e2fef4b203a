// One first visit of the widget page with the CPU profiler (CDP Profiler domain, through
// Playwright's CDPSession) and a performance trace (Tracing, with Blink's own events) both
// running: their raw results, for cpu-profile.ts and trace-parts.ts to read.
//
// The tab first opens a blank page of the same origin, where the profiler starts: the widget
// page then loads in the same renderer, so the profile holds it from its first task.
import type { Browser } from 'playwright';
import type { CpuProfile } from './cpu-profile.ts';

/** µs between samples: 100 µs adds about 15% to the script's CPU time (50 µs: about 30%). */
export const SAMPLING_US = 100;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  // Stacks on the events that scheduled style and layout work.
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  // CustomElementRegistry::define, CustomElementReactionQueue::invokeReactions, CSS parsing.
  'blink',
  // Synchronous calls to the browser process (Web Storage's first reads).
  'mojom',
];

export interface ProfiledVisit {
  profile: CpuProfile;
  trace: string;
}

export async function profiledVisit(browser: Browser, origin: string, settleMs: number): Promise<ProfiledVisit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const tab = await context.newPage();
    await tab.goto(`${origin}/blank`);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await cdp.send('Profiler.start');
    await browser.startTracing(tab, { categories: CATEGORIES });
    await tab.goto(`${origin}/widget`, { waitUntil: 'load' });
    await tab.waitForFunction(() => document.querySelector('parley-chat')?.shadowRoot?.querySelector('[part~="launcher"]'), null, {
      timeout: 10_000,
    });
    // The launcher's frames, then the start task and anything late.
    await tab.waitForTimeout(settleMs);
    const { profile } = await cdp.send('Profiler.stop');
    const trace = (await browser.stopTracing()).toString('utf8');
    return { profile, trace };
  } finally {
    await context.close();
  }
}
