// Where the widget may keep a conversation in this browser (the `storage` attribute): `local`
// (IndexedDB and Web Storage, kept across visits), `session` (this tab's sessionStorage and memory:
// gone when the tab's session ends) or `memory` (nothing written anywhere: a reload starts over).

export type StorageMode = 'local' | 'session' | 'memory';

/** Lowest first: raising a mode keeps more, lowering deletes what the higher one wrote. */
export const STORAGE_MODES: readonly StorageMode[] = ['memory', 'session', 'local'];

export const isStorageMode = (value: unknown): value is StorageMode => STORAGE_MODES.includes(value as StorageMode);

/** Whether a mode lets the widget read and write this Web Storage area. */
export const modeAllows = (mode: StorageMode, area: 'localStorage' | 'sessionStorage'): boolean =>
  mode === 'local' || (mode === 'session' && area === 'sessionStorage');
