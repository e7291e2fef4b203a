import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, systemChromium } from './e2e/support/chromium.ts';
const PORT = Number(process.env.PARLEY_E2E_PORT ?? 5199);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    video: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: systemChromium,
      args: chromiumArgs,
    },
  },
  webServer: {
    // The README's `npm start` itself (the docs' samples are run: test/docs/samples.test.ts).
    command: `npm start -- --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/parley-emulator/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
