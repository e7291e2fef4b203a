// The panel's open state belongs to the tab (and survives its reloads), not to the conversation.
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
