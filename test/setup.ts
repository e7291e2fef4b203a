// IndexedDB for the persistence tests (Node and happy-dom have none).
import 'fake-indexeddb/auto';
import * as richTemplates from '../src/ui/rich/RichMessage.tsx';
import { richArrived } from '../src/ui/rich-slot.ts';
import * as menuPart from '../src/ui/menu/menu-part.ts';
import { menuArrived } from '../src/ui/menu-slot.ts';
import * as markdownPart from '../src/ui/markdown/markdown-part.ts';
import { markdownArrived } from '../src/ui/markdown-slot.ts';
import { startNotifications } from '../src/chat/notifications.ts';
import { notificationsArrived } from '../src/chat/notifications-part.ts';
import * as otherModes from '../src/store/other-modes.ts';
import { otherModesArrived } from '../src/store/other-modes-part.ts';

// The rich templates', the menu's, the Markdown's, the notifications' and the memory and session stores' code is
// at hand in unit tests (in the browser it arrives when first needed).
richArrived(richTemplates);
menuArrived(menuPart);
markdownArrived(markdownPart);
notificationsArrived(startNotifications);
otherModesArrived(otherModes);
