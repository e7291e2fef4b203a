// Senders as received messages show them (spec 2.3): the service adds what a sender does not send.
import type { Originator } from '../core/model.ts';

/** The bot, as its messages name it (the flows' answers and the REST door's). */
export const BOT_ORIGINATOR: Originator = { name: 'Parley Bot', role: 'bot', userId: 'bot' };

/**
 * A sender as received messages show it: a human agent gets a `userId` (spec 2.3: received
 * originators carry one). Decision: `agent-` and the name in lower case, other characters as dashes.
 */
export function asReceived(originator: Originator): Originator {
  if (originator.role !== 'moderator' || originator.userId !== undefined) return originator;
  const slug = (originator.name ?? 'agent')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 64);
  return { ...originator, userId: `agent-${slug}` };
}

/** The visitor as received messages and the history show them: role `user` (spec 2.3). */
export function visitorAsReceived(originator: Originator): Originator {
  return originator.role === 'external' ? { ...originator, role: 'user' } : originator;
}
