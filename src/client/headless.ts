// The npm entry's createChatClient: the headless client comes with every storage mode's store,
// nothing deferred (the element's chat loads the memory and session ones when first needed:
// store/other-modes-part.ts).
import * as otherModes from '../store/other-modes.ts';
import { otherModesArrived } from '../store/other-modes-part.ts';
import { createChatClient as createClient } from './create-chat-client.ts';

export const createChatClient: typeof createClient = (options) => {
  otherModesArrived(otherModes);
  return createClient(options);
};
