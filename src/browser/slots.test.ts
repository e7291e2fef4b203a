// @vitest-environment happy-dom
// Every key the widget writes is a slot: the names, where each lives, and forgetting them all.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSlots, setSlotsMode, slot, SLOT_AREAS, type SlotName } from './slots.ts';

const allNames = Object.keys(SLOT_AREAS) as SlotName[];
const keysOf = (area: Storage) => Array.from({ length: area.length }, (_, i) => area.key(i)!).sort();

afterEach(() => {
  setSlotsMode('c1', 'local');
  localStorage.clear();
  sessionStorage.clear();
});

describe('Web Storage slots', () => {
  it('keep each value under parley:<slot>:<clientId> in its area', () => {
    for (const name of Object.keys(SLOT_AREAS) as SlotName[]) {
      expect(slot(name, 'c1').set(`${name} value`)).toBe(true);
      const area = SLOT_AREAS[name] === 'localStorage' ? localStorage : sessionStorage;
      expect(area.getItem(`parley:${name}:c1`)).toBe(`${name} value`);
      expect(slot(name, 'c1').get()).toBe(`${name} value`);
    }
  });

  it("forget one clientId whole, and no other clientId nor the page's own keys", () => {
    for (const name of Object.keys(SLOT_AREAS) as SlotName[]) {
      slot(name, 'c1').set('1');
      slot(name, 'c2').set('2');
    }
    localStorage.setItem('page-own', 'x');
    forgetSlots('c1');
    const left = (area: Storage) => Array.from({ length: area.length }, (_, i) => area.key(i)).sort();
    expect(left(localStorage)).toEqual(['page-own', 'parley:chime:c2', 'parley:thread:c2', 'parley:trace:c2']);
    expect(left(sessionStorage)).toEqual([
      'parley:draft:c2',
      'parley:open:c2',
      'parley:session:c2',
      'parley:teaser:c2',
      'parley:unsent:c2',
      'parley:view:c2',
    ]);
  });
});

describe('storage modes', () => {
  it('memory: no slot is read or written, and lowering to it deletes every key', () => {
    for (const name of allNames) slot(name, 'c1').set('kept');
    setSlotsMode('c1', 'memory');
    expect(keysOf(localStorage)).toEqual([]);
    expect(keysOf(sessionStorage)).toEqual([]);
    for (const name of allNames) {
      expect(slot(name, 'c1').set('x')).toBe(false);
      expect(slot(name, 'c1').get()).toBeNull();
    }
    expect(keysOf(localStorage)).toEqual([]);
    expect(keysOf(sessionStorage)).toEqual([]);
  });

  it('session: sessionStorage only; lowering to it deletes the localStorage keys', () => {
    for (const name of allNames) slot(name, 'c1').set('kept');
    setSlotsMode('c1', 'session');
    expect(keysOf(localStorage)).toEqual([]);
    expect(keysOf(sessionStorage)).toEqual(
      allNames
        .filter((name) => SLOT_AREAS[name] === 'sessionStorage')
        .map((name) => `parley:${name}:c1`)
        .sort(),
    );
    expect(slot('thread', 'c1').set('1')).toBe(false);
    expect(slot('open', 'c1').set('1')).toBe(true);
  });

  it('raising a mode writes from then on; another clientId keeps its own mode', () => {
    setSlotsMode('c1', 'memory');
    slot('open', 'c2').set('1');
    expect(slot('open', 'c1').set('1')).toBe(false);
    setSlotsMode('c1', 'local');
    expect(slot('thread', 'c1').set('1')).toBe(true);
    expect(keysOf(localStorage)).toEqual(['parley:thread:c1']);
    expect(keysOf(sessionStorage)).toEqual(['parley:open:c2']);
  });

  it('forget deletes the keys whatever the mode', () => {
    for (const name of allNames) slot(name, 'c1').set('kept');
    setSlotsMode('c1', 'memory');
    setSlotsMode('c1', 'local');
    for (const name of allNames) slot(name, 'c1').set('again');
    setSlotsMode('c1', 'memory');
    forgetSlots('c1');
    expect([...keysOf(localStorage), ...keysOf(sessionStorage)]).toEqual([]);
  });
});
