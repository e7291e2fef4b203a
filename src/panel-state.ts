// The panel's open state and the composer's unsent text belong to the tab (and survive its
// reloads), not to the conversation: another tab has its own.
import * as z from 'zod/mini';
import { finite } from './protocol/kinds.ts';
import { panelOpenKey } from './storage-marks.ts';

export function tabPanelState(clientId: string) {
  const key = panelOpenKey(clientId);
  const storage = (): Storage | undefined => globalThis.sessionStorage;
  return {
    read(): boolean {
      try {
        return storage()?.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    write(open: boolean): void {
      try {
        if (open) storage()?.setItem(key, '1');
        else storage()?.removeItem(key);
      } catch {
        // Storage refused (sandboxed frame): the state lasts as long as the page.
      }
    },
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
  const key = `parley:draft:${clientId}`;
  return {
    read(): Draft | undefined {
      try {
        const draft = DraftSchema.safeParse(JSON.parse(globalThis.sessionStorage?.getItem(key) ?? 'null'));
        return draft.success ? draft.data : undefined;
      } catch {
        return undefined;
      }
    },
    /** Keeps the draft; none, or an empty text, forgets it. */
    write(draft: Draft | undefined): void {
      try {
        if (draft?.text) globalThis.sessionStorage?.setItem(key, JSON.stringify(draft));
        else globalThis.sessionStorage?.removeItem(key);
      } catch {
        // Storage refused (sandboxed frame, quota): the draft lasts as long as the panel.
      }
    },
  };
}

export type DraftStore = ReturnType<typeof tabDraft>;
