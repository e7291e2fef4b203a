// What a tab keeps when its page goes away (a reload, a navigation): what it showed, drawn at once
// at the next start, and the messages typed but not yet saved, which the next start sends.
import type { Replica } from '../conversation/replica.ts';
import type { Logger } from '../protocol/parse.ts';
import { viewSnapshot } from '../store/view-snapshot.ts';
import { unsentRequests } from './unsent.ts';

export function keptAtPageHide(clientId: string, logger: Logger, replica: Replica) {
  const snapshot = viewSnapshot(clientId, logger);
  const unsent = unsentRequests(clientId, logger);
  const keep = () => {
    if (replica.loaded.value && replica.threadId.value) snapshot.write(replica.state());
    unsent.keep(replica.entries.value);
  };
  globalThis.addEventListener?.('pagehide', keep);
  return { snapshot, unsent, stop: () => globalThis.removeEventListener?.('pagehide', keep) };
}
