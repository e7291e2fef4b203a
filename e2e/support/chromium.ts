// How Parley's tests and bench launch Chromium: Debian's where the machine has it (CI, these
// workstations), Playwright's own otherwise (a laptop after `npx playwright install chromium`).
import { existsSync } from 'node:fs';

export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** No sandbox as root; no background traffic, which this closed network refuses. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
