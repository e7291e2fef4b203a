import { describe, expect, it } from 'vitest';
import { CHAT_TAKES, MARKDOWN_TAKES, MENU_TAKES, NOTIFICATIONS_TAKES, RICH_TAKES, STORAGE_TAKES, type Shares } from './shares.ts';
import { chatShares } from '../loader/chat-shares.ts';
import { markdownShares, menuShares, notificationShares, richShares, storageShares } from '../chat/part-shares.ts';

/** The values `takes` names, from the modules themselves, in its order. */
async function named(takes: Shares): Promise<unknown[]> {
  const values: unknown[] = [];
  for (const [module, names] of takes) {
    const exports = (await import(module.startsWith('src/') ? `../../${module}` : module)) as Record<string, unknown>;
    for (const name of names) {
      expect(exports, `${module} exports ${name}`).toHaveProperty(name);
      values.push(exports[name]);
    }
  }
  return values;
}

describe('what a script-tag file takes from the one that loads it', () => {
  it('is handed over in the order the taking file reads it', async () => {
    for (const [takes, handed] of [
      [CHAT_TAKES, chatShares],
      [RICH_TAKES, richShares],
      [MARKDOWN_TAKES, markdownShares],
      [MENU_TAKES, menuShares],
      [NOTIFICATIONS_TAKES, notificationShares],
      [STORAGE_TAKES, storageShares],
    ] as const) {
      const expected = await named(takes);
      expect(handed).toHaveLength(expected.length);
      handed.forEach((value, index) => expect(value, `position ${index}`).toBe(expected[index]));
    }
  });
});
