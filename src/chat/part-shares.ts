// What the chat hands each of its parts loaded when first needed (embed/chat.ts), which carry no
// copy of it: one Preact, one graph of signals, and what they draw with. In the order each row of
// parts/table.ts lists under `takes`: shares.test.ts checks them, and tsc that every row is here.
import { effect, signal } from '@preact/signals-core';
import { Component, Fragment, h } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { lockManager } from '../browser/features.ts';
import { slot } from '../browser/slots.ts';
import { slotKey } from '../browser/slot-keys.ts';
import { say } from '../i18n/strings.ts';
import type { PartName } from '../parts/table.ts';
import { clipLabel, cutText, More } from '../ui/bounded.tsx';
import { Linkified, NewTabNote } from '../ui/Linkified.tsx';
import { safeUrl } from '../ui/safe-url.ts';
import { authorName } from '../ui/author-name.ts';
import { checks, MAX_STORED_ENTRIES, valid } from '../store/record-checks.ts';

export const partShares = {
  rich: [h, Fragment, Component, useState, useRef, useLayoutEffect, useMemo, clipLabel, More, cutText, safeUrl, NewTabNote, Linkified, say],
  markdown: [h, Fragment, NewTabNote, Linkified],
  menu: [h, useRef, useLayoutEffect, say, authorName],
  notify: [effect, signal, lockManager, slot, slotKey],
  storage: [slot, checks, valid, MAX_STORED_ENTRIES],
} satisfies { [name in PartName]: unknown[] };
