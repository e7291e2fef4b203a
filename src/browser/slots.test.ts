// @vitest-environment happy-dom
// Every key the widget writes is a slot: the names, where each lives, and forgetting them all.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSlots, slot, SLOT_AREAS, type SlotName } from './slots.ts';

afterEach(() => {
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

  it('forget one clientId whole, and no other clientId nor the page\'s own keys', () => {
    for (const name of Object.keys(SLOT_AREAS) as SlotName[]) {
      slot(name, 'c1').set('1');
      slot(name, 'c2').set('2');
    }
    localStorage.setItem('page-own', 'x');
    forgetSlots('c1');
    const left = (area: Storage) => Array.from({ length: area.length }, (_, i) => area.key(i)).sort();
    expect(left(localStorage)).toEqual(['page-own', 'parley:chime:c2', 'parley:thread:c2', 'parley:trace:c2']);
    expect(left(sessionStorage)).toEqual(['parley:draft:c2', 'parley:open:c2', 'parley:unsent:c2', 'parley:view:c2']);
  });
});
