// The configuration's problems, for the client, and whether there is one, for the loader (which
// loads the chat at once for a page whose configuration is wrong, so its error shows and is
// logged at page load).
import type { ChatClientOptions } from './client-options.ts';
import { resolveHttpUrl } from '../util/http-url.ts';
import { isStorageMode } from '../browser/storage-mode.ts';

const HEADER_PREFIX = /^[A-Za-z0-9-]+$/;

/** Configuration problems, in words a site owner can act on; empty when all is well. */
export function checkOptions(options: Partial<ChatClientOptions>): string[] {
  const problems: string[] = [];
  if (!options.clientId?.trim()) problems.push('client-id is missing: copy it from the channel settings');
  const urls: Array<[string, string | undefined]> = [
    ['base-url', options.baseUrl],
    ['sdk-url', options.sdkUrl],
  ];
  if (!options.baseUrl?.trim()) problems.push('base-url is missing: the address of the service');
  for (const [name, value] of urls) {
    if (value?.trim() && !resolveHttpUrl(value)) problems.push(`${name} "${value}" is not an http or https address`);
  }
  if (options.headerPrefix !== undefined && !HEADER_PREFIX.test(options.headerPrefix)) {
    problems.push(`header-prefix "${options.headerPrefix}" may hold only letters, digits and dashes`);
  }
  if (options.storage !== undefined && !isStorageMode(options.storage))
    problems.push(`storage "${options.storage}" is not local, session or memory`);
  return problems;
}

/**
 * Whether checkOptions finds a problem, without its words: the loader's question (the chat says
 * what is wrong), so every page view does not pay for the messages.
 */
export function hasOptionsProblem(options: Partial<ChatClientOptions>): boolean {
  return (
    !options.clientId?.trim() ||
    !options.baseUrl?.trim() ||
    [options.baseUrl, options.sdkUrl].some((value) => value?.trim() && !resolveHttpUrl(value)) ||
    (options.headerPrefix !== undefined && !HEADER_PREFIX.test(options.headerPrefix)) ||
    (options.storage !== undefined && !isStorageMode(options.storage))
  );
}
