// Messages this tab was asked to send that were not saved yet when the page went away (a reload
// right after Enter: IndexedDB had not committed). They are kept in sessionStorage at page hide
// and handed in again at the next start. Only pending ones: a message leaves for the service
// only once it is saved, so a pending one never left; and the holder takes a request once by its
// id, so one whose save landed after all is not taken twice.
import { slot } from '../browser/slots.ts';
import type { SendRequest } from '../conversation/send-payloads.ts';
import type { Logger } from '../protocol/parse.ts';
import { checks, valid } from '../store/record-checks.ts';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { userEntryId } from '../conversation/entry-ids.ts';

export function unsentRequests(clientId: string, logger: Logger) {
  const isRequest = valid(checks.request, logger);
  const kept = slot('unsent', clientId);
  const submitted = new Map<string, SendRequest>();
  return {
    /** A request this tab submitted. */
    track(request: SendRequest): void {
      submitted.set(request.rid, request);
    },
    /** At page hide: keeps the tracked requests whose messages still show as pending. */
    keep(entries: readonly TranscriptEntry[]): void {
      const pending = new Set(entries.flatMap((entry) => (entry.kind === 'user' && entry.status === 'pending' ? [entry.id] : [])));
      for (const rid of submitted.keys()) if (!pending.has(userEntryId(rid))) submitted.delete(rid);
      // Without sessionStorage nothing more can be done at page hide.
      if (submitted.size > 0) kept.set(JSON.stringify([...submitted.values()]));
      else kept.remove();
    },
    /** At start: what the last page of this tab left unsaved (once). */
    take(): SendRequest[] {
      const found = kept.json();
      kept.remove();
      return Array.isArray(found) ? found.flatMap(isRequest) : [];
    },
  };
}
