// The panel menu's code (ui/menu/) arrives when the visitor first reaches for "More options",
// not with the chat: most visitors never open it (parts/table.ts).
import type * as MenuModule from './menu/menu-part.ts';
import { part } from '../parts/part.ts';
import { WITHOUT_MENU } from '../parts/table.ts';

export type MenuPart = typeof MenuModule;
export type { MenuItem } from './menu/menu-part.ts';

export const [menuArrivedSignal, menuArrived, , askMenu] = part<MenuPart>('menu', WITHOUT_MENU);
