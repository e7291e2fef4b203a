// The panel menu's items on the conversation itself (menu/privacy-items.ts, with the menu's code:
// menu-slot.ts) and the confirmation "Delete this conversation" asks for before forget().
import { h, type RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { PanelStrings } from '../i18n/strings.ts';
import type { MenuItem, MenuPart } from './menu-slot.ts';
import { menuArrivedSignal } from './menu-slot.ts';
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
  const menu = (part: MenuPart): MenuItem[] =>
    part.privacyItems({ client, strings, heading, panel: panel.current!, confirmDelete: () => setConfirming(true) });
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
