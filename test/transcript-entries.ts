// What the transcript's unit tests (src/ui/Transcript.test.tsx, long-conversation.test.tsx) share:
// a fake client's entries replaced as the client would, inside act().
import { act } from '@testing-library/preact';
import type { TranscriptEntry } from '../src/conversation/transcript.ts';
import type { fakeView } from './fake-client.ts';

export function setEntries(t: ReturnType<typeof fakeView>, entries: readonly TranscriptEntry[]) {
  return act(() => {
    t.client.entries.value = entries;
  });
}
