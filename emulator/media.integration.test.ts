// The media route over real HTTP: the demo's files with their types, nothing else; and the demo
// flows' templates arrive with addresses on the emulator's own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from './index.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(async () => {
  await emu.close();
});

describe('GET /media/<name>', () => {
  it('serves the demo media with their content types', async () => {
    const expected = {
      'plan-pro.svg': 'image/svg+xml',
      'office.png': 'image/png',
      'tour.webm': 'video/webm',
      'chime.wav': 'audio/wav',
      'price-list.txt': 'text/plain; charset=utf-8',
    };
    for (const [name, type] of Object.entries(expected)) {
      const res = await fetch(`${emu.url}/media/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  it('answers 404 with a JSON error for unknown names, paths and other types', async () => {
    for (const path of ['missing.png', '..%2Fdemo-flows.json', '..%2F..%2Fpackage.json', '.hidden.svg', 'README.md', 'sub/plan-pro.svg']) {
      const res = await fetch(`${emu.url}/media/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ status: 'error', message: expect.stringContaining('no media') });
    }
    expect((await fetch(`${emu.url}/media/plan-pro.svg`, { method: 'POST' })).status).toBe(405);
  });

  it('the "show me" replies point at the emulator\'s own media', async () => {
    const res = await fetch(`${emu.url}/rest/v1/messages/media-test?sync=true`, {
      method: 'POST',
      headers: { authorization: 'parley-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ payload: { type: 'text', speech: 'show me an image', originator: { name: 'Ann', role: 'external' } } }),
    });
    const reply = await res.json();
    const image = reply.messages[0].responses.find((r: { type: string }) => r.type === 'image');
    expect(image.payload).toEqual({ title: 'Our office in London', url: `${emu.url}/media/office.png` });
    expect((await fetch(image.payload.url)).status).toBe(200);
  });
});
