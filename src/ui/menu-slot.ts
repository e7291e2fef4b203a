// The panel menu's code (ui/menu/) arrives when the visitor first reaches for "More options",
// not with the chat: most visitors never open it (part-slot.ts).
import type * as MenuModule from './menu/menu-part.ts';
import { partSlot } from './part-slot.ts';

export type MenuPart = typeof MenuModule;
export type { MenuItem } from './menu/menu-part.ts';

const menu = partSlot<MenuPart>("the panel's menu cannot open: its code could not be loaded");

export const menuArrivedSignal = menu.arrived;
export const menuFrom = menu.from;
export const menuArrived = menu.hand;
export const askMenu = menu.ask;
