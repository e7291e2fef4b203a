// Limits of the service that both sides check (spec 4.3, 8).

/** The longest text message, in characters. */
export const MAX_SPEECH_LENGTH = 255;

/** Characters as a person counts them (code points): an emoji is one, not two UTF-16 units. */
export function speechLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
