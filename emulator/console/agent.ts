// Who replies from the console: a name and a picture URL, remembered in localStorage.
import { signal, type Signal } from '@preact/signals-core';
import type { Agent } from './api.ts';

export const AGENT_KEY = 'parley-console-agent';
const DEFAULT_AGENT: Agent = { name: 'Agent', picture: '' };

/** The agent of this browser; each change is saved (a storage that refuses is ignored). */
export function createAgent(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage()): {
  agent: Signal<Agent>;
  update(change: Partial<Agent>): void;
} {
  const agent = signal<Agent>(load(storage));
  return {
    agent,
    update(change) {
      agent.value = { ...agent.value, ...change };
      try {
        storage?.setItem(AGENT_KEY, JSON.stringify(agent.value));
      } catch {
        // Private mode or a full quota: the name lasts for this page only.
      }
    },
  };
}

function load(storage: Pick<Storage, 'getItem'> | undefined): Agent {
  try {
    const saved = JSON.parse(storage?.getItem(AGENT_KEY) ?? 'null') as Partial<Agent> | null;
    return {
      name: typeof saved?.name === 'string' ? saved.name : DEFAULT_AGENT.name,
      picture: typeof saved?.picture === 'string' ? saved.picture : DEFAULT_AGENT.picture,
    };
  } catch {
    return { ...DEFAULT_AGENT };
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Access can throw when storage is blocked.
  }
}

/** A picture URL the service can pass on: empty (none) or http(s). */
export function isPictureUrl(value: string): boolean {
  if (!value) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
