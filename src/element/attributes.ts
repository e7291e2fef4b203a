// The element's configuration attributes and the client options they set (the contract's table).
import type { ChatClientOptions } from '../client.ts';

/** Attributes that configure the client: changing one on a live element reconnects it. */
export const CLIENT_ATTRIBUTES = {
  'client-id': 'clientId',
  'base-url': 'baseUrl',
  'sdk-url': 'sdkUrl',
  'header-prefix': 'headerPrefix',
  'thread-id': 'threadId',
  'start-event': 'startEvent',
  language: 'language',
} as const satisfies Record<string, keyof ChatClientOptions>;

export type ClientAttribute = keyof typeof CLIENT_ATTRIBUTES;
export type ConfigOption = (typeof CLIENT_ATTRIBUTES)[ClientAttribute];

/** Attributes that change only the UI. */
export const UI_ATTRIBUTES = ['heading', 'open'] as const;

export const OBSERVED_ATTRIBUTES: string[] = [...Object.keys(CLIENT_ATTRIBUTES), ...UI_ATTRIBUTES];

export function isClientAttribute(name: string): name is ClientAttribute {
  return Object.hasOwn(CLIENT_ATTRIBUTES, name);
}

/** Reads the client options from an element's attributes; empty values count as absent. */
export function optionsFromAttributes(element: Element): Partial<Pick<ChatClientOptions, ConfigOption>> {
  const options: Partial<Record<ConfigOption, string>> = {};
  for (const [attribute, option] of Object.entries(CLIENT_ATTRIBUTES) as Array<[ClientAttribute, ConfigOption]>) {
    const value = element.getAttribute(attribute)?.trim();
    if (value) options[option] = value;
  }
  return options;
}
