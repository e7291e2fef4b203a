// The transcript of the selected thread: loaded from the console API, with the feed's entries
// that arrive while it loads held and merged in by id, so none is lost or shown twice.
import { batch, type Signal } from '@preact/signals-core';
import type { ThreadSummary, TranscriptEntry } from '../core/model.ts';
import { ActionError, messageOf, type ConsoleApi } from './api.ts';

export interface SelectedTranscriptOptions {
  api: ConsoleApi;
  transcript: Signal<TranscriptEntry[] | undefined>;
  transcriptError: Signal<string | undefined>;
  /** The loaded thread's summary, newer than the one the store has. */
  putThread(thread: ThreadSummary): void;
}

export interface SelectedTranscript {
  /** Loads a thread's transcript; a later load (or `forget`) makes this one's answer ignored. */
  load(threadId: string): Promise<void>;
  /** A feed entry of the selected thread. */
  add(entry: TranscriptEntry): void;
  /** No thread is selected: the load under way, if any, is ignored. */
  forget(): void;
}

export function createSelectedTranscript(options: SelectedTranscriptOptions): SelectedTranscript {
  const { api, transcript, transcriptError } = options;
  // Feed entries held while the selected transcript loads.
  let entriesHeld: TranscriptEntry[] | undefined;
  let transcriptLoad = 0;

  return {
    async load(threadId) {
      const load = ++transcriptLoad;
      entriesHeld = [];
      try {
        const detail = await api.thread(threadId);
        if (load !== transcriptLoad) return;
        const entries = [...detail.transcript];
        const known = new Set(entries.map((entry) => entry.id));
        for (const entry of entriesHeld) if (!known.has(entry.id)) entries.push(entry);
        batch(() => {
          transcript.value = entries;
          transcriptError.value = undefined;
          options.putThread(detail.thread);
        });
      } catch (error) {
        if (load !== transcriptLoad) return;
        batch(() => {
          transcript.value = undefined;
          transcriptError.value = error instanceof ActionError && error.status === 404 ? 'This thread no longer exists.' : messageOf(error);
        });
      } finally {
        if (load === transcriptLoad) entriesHeld = undefined;
      }
    },
    add(entry) {
      if (entriesHeld) return void entriesHeld.push(entry);
      const current = transcript.value;
      if (current && !current.some((known) => known.id === entry.id)) transcript.value = [...current, entry];
    },
    forget() {
      transcriptLoad++;
      entriesHeld = undefined;
    },
  };
}
