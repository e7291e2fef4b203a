// The menu's items on the conversation itself: "Save a copy" (the whole conversation, older
// messages too, as text, downloaded) and "Delete this conversation" (confirmed in the panel
// first: ui/privacy-menu.tsx).
import type { ChatClient } from '../../client/create-chat-client.ts';
import type { PanelStrings } from '../../i18n/strings.ts';
import { download } from './download.ts';
import type { MenuItem } from './MenuList.tsx';
import { transcriptFileName, transcriptText } from './transcript-text.ts';

interface PrivacyContext {
  client: ChatClient;
  strings: PanelStrings;
  heading: string;
  /** Where the download's link is clicked (inside the shadow root). */
  panel: Element;
  /** Asks the visitor to confirm the deletion. */
  confirmDelete: () => void;
}

export function privacyItems({ client, strings, heading, panel, confirmDelete }: PrivacyContext): MenuItem[] {
  const save = async () => {
    const entries = await client.transcript();
    const at = Date.now();
    download(panel, transcriptFileName(heading, at), transcriptText(entries, strings, heading, at));
  };
  return [
    { label: strings.saveCopy, act: save },
    { label: strings.deleteConversation, act: confirmDelete },
  ];
}
