// Where the client keeps its conversation: the storage mode's store and the Web Storage slots
// under the same mode, which can change while the conversation goes on, and forgetting it all.
import { forgetSlots, setSlotsMode } from '../browser/slots.ts';
import { isStorageMode, STORAGE_MODES, type StorageMode } from '../browser/storage-mode.ts';
import type { ChatClientOptions } from '../options/client-options.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from '../store/contract.ts';
import { forgetEveryMode, modeStore, storeForMode } from '../store/mode-store.ts';

export interface ClientStorage {
  readonly store: ConversationStore;
  readonly mode: StorageMode;
  setMode(mode: StorageMode): Promise<void>;
  /** This tab's part of forget(): the store emptied, every Web Storage key of this clientId. */
  forget(): Promise<void>;
}

export function clientStorage(options: Pick<ChatClientOptions, 'clientId' | 'storage' | 'store'>, logger: Logger): ClientStorage {
  const clientId = options.clientId ?? '';
  let mode: StorageMode = isStorageMode(options.storage) ? options.storage : 'local';
  setSlotsMode(clientId, mode);
  // An injected store (tests) keeps whatever it keeps; the slots still follow the mode.
  const moving = options.store ? undefined : modeStore(mode, storeForMode(clientId, logger));
  const store = options.store ?? moving!;
  return {
    store,
    get mode() {
      return mode;
    },
    async setMode(next) {
      if (!isStorageMode(next)) return logger.warn(`[parley] storage "${next}" is not local, session or memory: it stays ${mode}`);
      if (next === mode) return;
      const raising = STORAGE_MODES.indexOf(next) > STORAGE_MODES.indexOf(mode);
      mode = next;
      // Raising: the slots first, since the move writes the marks the loader reads. Lowering: the
      // slots last, since emptying the old store reads its marks.
      if (raising) setSlotsMode(clientId, next);
      await moving?.setMode(next);
      if (!raising) setSlotsMode(clientId, next);
    },
    async forget() {
      await store.clear();
      // An earlier visit may have kept it in another mode (local last week, memory today).
      await forgetEveryMode(clientId, logger);
      forgetSlots(clientId);
    },
  };
}
