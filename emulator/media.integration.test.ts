// The media route over real HTTP: the demo's files with their types, nothing else; the demo
// flows' templates arrive with addresses on the emulator's own origin; your own flows bring their
// own media folder.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
      headers: { authorization: emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ payload: { type: 'text', speech: 'show me an image', originator: { name: 'Ann', role: 'external' } } }),
    });
    const reply = await res.json();
    const image = reply.messages[0].responses.find((r: { type: string }) => r.type === 'image');
    expect(image.payload).toEqual({ title: 'Our office in London', url: `${emu.url}/media/office.png` });
    expect((await fetch(image.payload.url)).status).toBe(200);
  });
});

describe('media of your own flows', () => {
  const flowWithImage = (url: string) => [
    {
      flowId: 'own',
      projectId: 'own-project',
      brainId: 'own-brain',
      title: 'Own',
      group: 'Shop',
      createdAt: '2026-01-01T00:00:00.000Z',
      disabled: false,
      steps: [
        {
          stepId: 'picture',
          title: 'Picture',
          type: 'INTENT',
          intent: { intentId: 'shop', title: 'Shop', examples: [{ query: 'show the shop', entities: [] }] },
          actions: [
            { type: 'TEMPLATE', payload: { fallback: 'Our shop.', response: { type: 'image', payload: { title: 'Our shop', url } } } },
          ],
        },
      ],
    },
  ];

  /** A temporary folder holding flows.json and media/shop.svg (and a second folder, extra/). */
  async function ownProject() {
    const root = await mkdtemp(join(tmpdir(), 'parley-media-'));
    await mkdir(join(root, 'media'));
    await mkdir(join(root, 'extra'));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="teal"/></svg>';
    await writeFile(join(root, 'media', 'shop.svg'), svg);
    await writeFile(join(root, 'extra', 'other.svg'), svg);
    await writeFile(join(root, 'flows.json'), JSON.stringify(flowWithImage('media/shop.svg')));
    return { root, flows: join(root, 'flows.json'), extra: join(root, 'extra') };
  }

  it('serves media/ beside the flows file, not the demo media', async () => {
    const project = await ownProject();
    const own = await startEmulator({ port: 0, quiet: true, flows: project.flows });
    try {
      const res = await fetch(`${own.url}/media/shop.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect((await fetch(`${own.url}/media/office.png`)).status).toBe(404);
      const reply = await fetch(`${own.url}/rest/v1/messages/own-media?sync=true`, {
        method: 'POST',
        headers: { authorization: own.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ payload: { type: 'text', speech: 'show the shop', originator: { name: 'Ann', role: 'external' } } }),
      }).then((r) => r.json());
      expect(reply.messages[0].responses[0].payload.url).toBe(`${own.url}/media/shop.svg`);
    } finally {
      await own.close();
    }
  });

  it('the media option names another folder', async () => {
    const project = await ownProject();
    const own = await startEmulator({ port: 0, quiet: true, flows: project.flows, media: project.extra });
    try {
      expect((await fetch(`${own.url}/media/other.svg`)).status).toBe(200);
      expect((await fetch(`${own.url}/media/shop.svg`)).status).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('an empty media option is refused with the option named', async () => {
    await expect(startEmulator({ port: 0, quiet: true, media: ' ' })).rejects.toThrow(/media must be a folder/);
  });
});
