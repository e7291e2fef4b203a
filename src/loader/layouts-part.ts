// The site's layouts (the teaser, the inline layout) as the element reaches them: their code
// comes only for a page with a teaser or the inline layout, or that calls showTeaser(); a file
// that cannot load is said in the console, and the page goes on without.
import type { LayoutsHost, LayoutsModule, Teaser } from './chat-host.ts';

/** Brings the layouts' code: a script of dist/ (the loader) or a dynamic import (the npm entry). */
export type LayoutsLoader = () => Promise<LayoutsModule>;

/** Runs `run` with the teaser once the layouts are mounted; `load` false: only if they were asked for already. */
export type WithLayouts = (run: (teaser: Teaser) => void, load?: boolean) => void;

export function layoutsPart(load: LayoutsLoader, host: () => LayoutsHost): WithLayouts {
  let part: Promise<Teaser> | undefined;
  return (run, wanted = true) => {
    if (wanted) part ??= load().then((code) => code.mountLayouts(host()));
    part?.then(run, (error: Error) => console.warn(`[parley] ${error.message}`)); // "could not load …parley-layouts…: why"
  };
}
