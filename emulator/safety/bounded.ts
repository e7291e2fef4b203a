// Lists and maps that keep at most a bound's count and estimated bytes, dropping the oldest
// first, and a size estimate for what they keep (retention.ts has the bounds).
import type { Bound } from './retention.ts';

/**
 * Estimated bytes a JSON-like value keeps alive: 16 per string, object or array, plus 2 per
 * UTF-16 code unit of each string and key, 8 per other value. Deep values past 32 levels count
 * as 16.
 */
export function estimateSize(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (typeof value !== 'object' || value === null) return 8;
  if (depth > 32) return 16;
  let size = 16;
  if (Array.isArray(value)) {
    for (const item of value) size += estimateSize(item, depth + 1);
    return size;
  }
  for (const key in value) size += 2 * key.length + estimateSize((value as Record<string, unknown>)[key], depth + 1);
  return size;
}

/**
 * A copy of `text` that shares no memory with it: V8 keeps a slice (13 or more characters) of a
 * string as a view of the whole, so a short part of a large frame would keep the frame alive.
 * Concatenating first makes V8 flatten into a new string, of which the slice is a view.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** Oldest first; beyond the bound's count or bytes the oldest entries are dropped. */
export class BoundedList<T> {
  #items: T[] = [];
  #sizes: number[] = [];
  /** Index of the oldest kept entry: dropping moves it instead of shifting the array. */
  #head = 0;
  #bytes = 0;
  readonly #bound: Bound;
  readonly #sizeOf: (item: T) => number;
  readonly #onDrop: () => void;

  /** `onDrop` is called once per entry dropped. */
  constructor(bound: Bound, sizeOf: (item: T) => number = estimateSize, onDrop: () => void = () => {}) {
    this.#bound = bound;
    this.#sizeOf = sizeOf;
    this.#onDrop = onDrop;
  }

  get length(): number {
    return this.#items.length - this.#head;
  }

  get bytes(): number {
    return this.#bytes;
  }

  push(item: T): void {
    const size = this.#sizeOf(item);
    this.#items.push(item);
    this.#sizes.push(size);
    this.#bytes += size;
    // The newest entry always stays, even when it alone is over the bytes.
    while (this.length > 1 && (this.length > (this.#bound.count ?? Infinity) || this.#bytes > (this.#bound.bytes ?? Infinity)))
      this.#dropOldest();
  }

  toArray(): T[] {
    return this.#items.slice(this.#head);
  }

  /** Entries and estimated bytes kept now. */
  kept(): { count: number; bytes: number } {
    return { count: this.length, bytes: this.#bytes };
  }

  clear(): void {
    this.#items = [];
    this.#sizes = [];
    this.#head = 0;
    this.#bytes = 0;
  }

  #dropOldest(): void {
    this.#bytes -= this.#sizes[this.#head]!;
    this.#items[this.#head] = undefined as T; // let it go now
    this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#sizes = this.#sizes.slice(this.#head);
      this.#head = 0;
    }
    this.#onDrop();
  }
}

/** A Map in insertion order; beyond the bound's count or bytes the oldest entries are dropped. */
export class BoundedMap<K, V> {
  #map = new Map<K, { value: V; size: number }>();
  #bytes = 0;
  readonly #bound: Bound;
  readonly #sizeOf: (key: K, value: V) => number;
  readonly #onDrop: () => void;

  /** `onDrop` is called once per entry dropped. */
  constructor(
    bound: Bound,
    sizeOf: (key: K, value: V) => number = (key, value) => estimateSize(key) + estimateSize(value),
    onDrop: () => void = () => {},
  ) {
    this.#bound = bound;
    this.#sizeOf = sizeOf;
    this.#onDrop = onDrop;
  }

  get size(): number {
    return this.#map.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: K): V | undefined {
    return this.#map.get(key)?.value;
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Sets the value; a key set again moves to the newest place. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.#sizeOf(key, value);
    this.#map.set(key, { value, size });
    this.#bytes += size;
    while (this.#map.size > 1 && (this.#map.size > (this.#bound.count ?? Infinity) || this.#bytes > (this.#bound.bytes ?? Infinity))) {
      this.delete(this.#map.keys().next().value!);
      this.#onDrop();
    }
  }

  delete(key: K): boolean {
    const kept = this.#map.get(key);
    if (!kept) return false;
    this.#bytes -= kept.size;
    return this.#map.delete(key);
  }

  /** Entries and estimated bytes kept now. */
  kept(): { count: number; bytes: number } {
    return { count: this.#map.size, bytes: this.#bytes };
  }

  /** Oldest first. */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, { value }] of this.#map) yield [key, value];
  }

  clear(): void {
    this.#map.clear();
    this.#bytes = 0;
  }
}
