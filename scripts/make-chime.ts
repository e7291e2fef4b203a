// Writes the demo's `audio` template sound, emulator/flows/media/chime.wav: two soft bell notes
// (E5 then A5, a rising fourth) with a few partials and an exponential decay, 16-bit mono at
// 16 kHz, 1.2 s, about 38 KB. Deterministic: `npx tsx scripts/make-chime.ts` rewrites the same file.
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
const SECONDS = 1.2;
/** [start s, frequency Hz, loudness] */
const NOTES: [number, number, number][] = [
  [0, 659.25, 0.5],
  [0.22, 880, 0.45],
];
/** A bell's partials: [multiple of the fundamental, loudness, decay per second]. */
const PARTIALS: [number, number, number][] = [
  [1, 1, 3.2],
  [2, 0.35, 5.5],
  [3, 0.12, 8],
  [4.2, 0.05, 12],
];

const frames = Math.round(RATE * SECONDS);
const samples = new Float64Array(frames);
for (const [start, frequency, loudness] of NOTES) {
  for (let i = Math.round(start * RATE); i < frames; i++) {
    const t = i / RATE - start;
    const attack = Math.min(1, t / 0.004); // 4 ms: no click
    let value = 0;
    for (const [multiple, level, decay] of PARTIALS)
      value += level * Math.exp(-decay * t) * Math.sin(2 * Math.PI * frequency * multiple * t);
    samples[i]! += loudness * attack * value;
  }
}
const fadeOut = Math.round(0.05 * RATE); // the tail ends in silence
for (let i = 0; i < fadeOut; i++) samples[frames - 1 - i]! *= i / fadeOut;

const peak = Math.max(...samples.map(Math.abs));
const data = Buffer.alloc(frames * 2);
for (let i = 0; i < frames; i++) data.writeInt16LE(Math.round((samples[i]! / peak) * 0.7 * 32767), i * 2);

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM format chunk
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // bytes per frame
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const file = new URL('../emulator/flows/media/chime.wav', import.meta.url);
writeFileSync(file, Buffer.concat([header, data]));
console.log(`wrote chime.wav (${44 + data.length} bytes)`);
