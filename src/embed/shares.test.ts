import { describe, expect, it } from 'vitest';
import { CHAT_TAKES } from './shares.ts';
import { PARTS, type Shares } from '../parts/table.ts';
import { chatShares } from '../loader/chat-shares.ts';
import { partShares } from '../chat/part-shares.ts';

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

/** The giver's list is the taker's, value for value. */
async function expectHanded(handed: readonly unknown[], takes: Shares, who: string): Promise<void> {
  const expected = await named(takes);
  expect(handed, who).toHaveLength(expected.length);
  handed.forEach((value, index) => expect(value, `${who}, position ${index}`).toBe(expected[index]));
}

describe('what a script-tag file takes from the one that loads it', () => {
  it('is handed over by the loader in the order the chat reads it', async () => {
    await expectHanded(chatShares, CHAT_TAKES, 'the chat');
  });

  it("is handed over by the chat to each of its parts, and to no other, in the order the part's row lists it", async () => {
    expect(Object.keys(partShares)).toEqual(Object.keys(PARTS));
    for (const [name, { takes }] of Object.entries(PARTS)) await expectHanded(partShares[name as keyof typeof PARTS], takes, name);
  });
});
