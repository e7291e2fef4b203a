// The loader's code that the chat's file runs too: the loader hands it over when it loads that
// file (embed/loader.ts), which carries no copy of it (embed/shares.ts: CHAT_TAKES lists these, in order).
import { checkEvent, checkUser } from '../client/user-check.ts';
import { optionsFromAttributes } from './attributes.ts';
import { launcherStrings, mergeStrings } from '../i18n/launcher-strings.ts';
import { httpUrl, resolveHttpUrl } from '../util/http-url.ts';
import { sheetOf } from './styles.ts';
import { slotKey } from '../browser/slot-keys.ts';
import { CLOSE_ICON, el, icon } from './dom.ts';
import { CHAT_EXPORTS, loadScript } from './load-script.ts';

export const chatShares = [
  checkEvent,
  checkUser,
  optionsFromAttributes,
  launcherStrings,
  mergeStrings,
  httpUrl,
  resolveHttpUrl,
  sheetOf,
  slotKey,
  CLOSE_ICON,
  el,
  icon,
  CHAT_EXPORTS,
  loadScript,
];
