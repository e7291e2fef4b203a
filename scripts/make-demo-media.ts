// Draws the demo's office picture (PNG) and its short tour video (WebM) in Chromium, offline:
// a canvas for the picture, the same canvas animated and recorded with MediaRecorder for the
// video. Run once, commit the files: `npx tsx scripts/make-demo-media.ts`.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

const MEDIA = new URL('../emulator/flows/media/', import.meta.url);

const browser = await chromium.launch({ executablePath: systemChromium, args: chromiumArgs });
const page = await browser.newPage();
// tsx keeps function names with a __name helper, which the page does not have.
await page.evaluate('globalThis.__name = (fn) => fn');
const { png, webm } = await page.evaluate(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 400;
  const g = canvas.getContext('2d')!;
  const draw = (t: number) => {
    const sky = g.createLinearGradient(0, 0, 0, 400);
    sky.addColorStop(0, '#fde68a');
    sky.addColorStop(1, '#f97316');
    g.fillStyle = sky;
    g.fillRect(0, 0, 640, 400);
    g.fillStyle = 'rgba(255,255,255,0.5)';
    g.beginPath();
    g.arc(120 + 400 * t, 90, 50, 0, Math.PI * 2);
    g.fill();
    // A small office block with lit windows.
    g.fillStyle = '#7c2d12';
    g.fillRect(220, 170, 200, 230);
    g.fillStyle = '#fef3c7';
    for (let row = 0; row < 4; row++) for (let col = 0; col < 4; col++) g.fillRect(238 + col * 46, 190 + row * 50, 28, 30);
    g.fillStyle = '#1f2937';
    g.font = 'bold 40px sans-serif';
    g.fillText('Parley HQ', 24, 60);
  };
  draw(0);
  const png = canvas.toDataURL('image/png');
  const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 2500;
      draw(Math.min(t, 1));
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  return { png, webm: Array.from(bytes) };
});
writeFileSync(new URL('office.png', MEDIA), Buffer.from(png.split(',')[1]!, 'base64'));
writeFileSync(new URL('tour.webm', MEDIA), Buffer.from(webm));
await browser.close();
console.log('wrote office.png and tour.webm');
