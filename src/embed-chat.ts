// The chat's file in dist/ (parley-chat.<hash>.js), loaded by the loader (dist/parley.js) with a
// <script> element: it hands its exports to that element (loader/load-script.ts). It knows its
// languages' files, beside it (scripts/build-embed.ts writes their integrity hashes in here);
// the loader's script loader fetches them, so the chat carries no second copy of it.
import { Component, Fragment, h } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { mountChat, richFrom } from './chat/mount-chat.ts';
import { currentClassicScript } from './browser/current-script.ts';
import type { ChatModule } from './loader/chat-host.ts';
import type { SharedPreact } from './embed-rich-preact.ts';
import type { Translation } from './i18n/translation.ts';
import { CHAT_EXPORTS, type loadScript } from './loader/load-script.ts';
import { languageFileName } from './i18n/language-files.ts';
import type { RichTemplates } from './ui/rich-slot.ts';

declare const __PARLEY_LANGUAGE_FILES__: Record<string, string>;
/** The rich templates' file beside this one: its name and integrity. */
declare const __PARLEY_RICH_FILE__: [string, string];
/** Named once: each mention of the build's constant would be a copy of the whole table. */
const LANGUAGE_FILES = __PARLEY_LANGUAGE_FILES__;

/** What this file hands the loader (src/embed.ts), which gives it its script loader. */
export interface ChatFile {
  chatModule(load: typeof loadScript): ChatModule;
}

// Checked as the loader checks its own (src/embed.ts): read now, a classic <script> or nothing.
const script = currentClassicScript() as (HTMLScriptElement & Record<symbol, unknown>) | null;

function loadLanguage(tag: string, load: typeof loadScript): Promise<Translation> {
  const integrity = Object.hasOwn(LANGUAGE_FILES, tag) ? LANGUAGE_FILES[tag] : undefined;
  if (!integrity || !script) return Promise.reject(new Error(`the widget has no "${tag}" texts`));
  return load<Translation>(new URL(languageFileName(tag, integrity), script.src).href, integrity);
}

/** The rich templates' file, run with this file's Preact (embed-rich-preact.ts). */
function loadRich(load: typeof loadScript): Promise<RichTemplates> {
  const [name, integrity] = __PARLEY_RICH_FILE__;
  const preact: SharedPreact = { h, Fragment, Component, useState, useRef, useLayoutEffect, useMemo };
  return load<RichTemplates>(new URL(name, script!.src).href, integrity, preact);
}

function chatModule(load: typeof loadScript): ChatModule {
  richFrom(() => loadRich(load));
  return { mountChat, loadLanguage: (tag) => loadLanguage(tag, load) };
}

if (script) script[CHAT_EXPORTS] = { chatModule } satisfies ChatFile;
else console.error('[parley] parley-chat.*.js runs only when parley.js loads it: put parley.js on the page with a classic <script> tag');
