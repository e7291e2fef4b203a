// What the chat hands each of its parts loaded when first needed (embed-chat.ts), which carry no
// copy of it: one Preact, one graph of signals (embed-shares.ts lists these, in order).
import { Component, Fragment, h } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';

export const richShares = [h, Fragment, Component, useState, useRef, useLayoutEffect, useMemo];
