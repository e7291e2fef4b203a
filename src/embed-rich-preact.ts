// What 'preact' and 'preact/hooks' are in the rich templates' file (embed-rich.ts; the alias is in
// scripts/build-embed.ts): the chat's own, which it hands over on that file's <script> element
// before it runs (embed-chat.ts). A second Preact would draw, but its hooks would not work.
import { CHAT_EXPORTS } from './loader/load-script.ts';

/** The part of Preact the rich templates use. */
export interface SharedPreact {
  h: typeof import('preact').h;
  Fragment: typeof import('preact').Fragment;
  Component: typeof import('preact').Component;
  useState: typeof import('preact/hooks').useState;
  useRef: typeof import('preact/hooks').useRef;
  useLayoutEffect: typeof import('preact/hooks').useLayoutEffect;
  useMemo: typeof import('preact/hooks').useMemo;
}

const shared = (document.currentScript as unknown as Record<symbol, SharedPreact>)[CHAT_EXPORTS]!;
export const { h, Fragment, Component, useState, useRef, useLayoutEffect, useMemo } = shared;
