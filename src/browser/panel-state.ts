// The panel's open state and the composer's unsent text belong to the tab (and survive its
// reloads), not to the conversation: another tab has its own.
import { slot } from './slots.ts';
import * as z from 'zod/mini';
import { finite } from '../protocol/kinds.ts';

export function tabPanelState(clientId: string) {
  const kept = slot('open', clientId);
  return {
    read: (): boolean => kept.get() === '1',
    // Where storage is refused (a sandboxed frame) the state lasts as long as the page.
    write: (open: boolean): void => void (open ? kept.set('1') : kept.remove()),
  };
}

/** The composer's unsent text, and where its caret or selection was. */
export interface Draft {
  text: string;
  start: number;
  end: number;
}

/** What another script may have left under the key is not put in the composer. */
const DraftSchema: z.ZodMiniType<Draft> = z.object({ text: z.string(), start: finite, end: finite });

export function tabDraft(clientId: string) {
  const kept = slot('draft', clientId);
  return {
    read(): Draft | undefined {
      const draft = DraftSchema.safeParse(kept.json());
      return draft.success ? draft.data : undefined;
    },
    /** Keeps the draft; none, or an empty text, forgets it. */
    write(draft: Draft | undefined): void {
      // Where storage is refused or full, the draft lasts as long as the panel.
      if (draft?.text) kept.set(JSON.stringify(draft));
      else kept.remove();
    },
  };
}

export type DraftStore = ReturnType<typeof tabDraft>;
