// The panel menu's actions on the conversation itself: "Save a copy" (the whole conversation,
// older messages too, as text, downloaded) and "Delete this conversation" (a confirmation in the
// panel, then forget()). Their code comes with the menu's (menu-slot.ts): a visitor uses them
// rarely, and the chat's file stays smaller for it.
import { h, type RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { PanelStrings } from '../i18n/strings.ts';
import type { MenuItem } from './menu/menu-part.ts';
import { askMenu, menuArrivedSignal, menuReady } from './menu-slot.ts';
import { useSignalValue } from './use-signal.ts';

export function usePrivacyMenu(
  client: ChatClient,
  strings: PanelStrings,
  heading: string,
  panel: RefObject<HTMLDivElement | null>,
  thenFocusComposer: (action: () => unknown) => () => void,
) {
  const [confirming, setConfirming] = useState(false);
  const later = useSignalValue(menuArrivedSignal);
  const save = async () => {
    const [{ download, transcriptFileName, transcriptText }, entries] = await Promise.all([menuReady(), client.transcript()]);
    const at = Date.now();
    download(panel.current!, transcriptFileName(heading, at), transcriptText(entries, strings, heading, at));
  };
  const menu: MenuItem[] = [
    { label: strings.saveCopy, act: save },
    {
      label: strings.deleteConversation,
      act: () => {
        askMenu(); // the confirmation's code, if not here yet (it comes with the list's)
        setConfirming(true);
      },
    },
  ];
  const confirmation = confirming && later && (
    <later.DeleteConfirmation
      strings={strings}
      onDelete={thenFocusComposer(() => {
        setConfirming(false);
        return client.forget().catch(() => undefined);
      })}
      onCancel={() => {
        setConfirming(false);
        panel.current!.querySelector<HTMLElement>('[part="options"]')!.focus();
      }}
    />
  );
  return { menu, confirmation };
}
