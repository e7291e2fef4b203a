// The panel menu's code, which arrives when the visitor first reaches for "More options"
// (ui/menu-slot.ts): its list, its items (a saved copy's text and its download, the delete
// confirmation), and their styles. Most visitors never open it, so the chat's file stays smaller.
import css from './menu.css?inline';

export { MenuList, type MenuItem } from './MenuList.tsx';
export { DeleteConfirmation } from './DeleteConfirmation.tsx';
export { transcriptFileName, transcriptText } from './transcript-text.ts';
export { download } from './download.ts';
export { privacyItems } from './privacy-items.ts';

/** The menu's styles, adopted after the chat's when it arrives (chat/mount-chat.ts). */
export const menuCss: string = css;
