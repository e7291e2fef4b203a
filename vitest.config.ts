import { defineConfig } from 'vitest/config';

// Unit tests only: fake time and fake sockets. The real browser and sockets are Playwright's (e2e/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'emulator/**/*.test.ts', 'emulator/**/*.test.tsx', 'test/docs/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // The widget's stylesheets are imported as strings (?inline); tests read them too.
    css: { include: [/(widget|frame|rich|menu)\.css/] },
  },
});
