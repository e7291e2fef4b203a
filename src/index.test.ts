import { expect, it } from 'vitest';

it('the npm entry imports in plain Node, touches no browser global, and defines nothing there', async () => {
  expect(typeof globalThis.window).toBe('undefined');
  const entry = await import('./index.ts');
  expect(Object.keys(entry).sort()).toEqual(
    ['MAX_MESSAGE_LENGTH', 'checkOptions', 'createChatClient', 'defaultStrings', 'defineParleyChat', 'memoryStore'].sort(),
  );
  expect(entry.defineParleyChat()).toBeUndefined();
});
