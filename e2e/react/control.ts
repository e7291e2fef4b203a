// What e2e/react.spec.ts drives in the example React app (e2e/react/main.tsx) besides its buttons.
// No React here: the spec's type check (the repository's tsconfig, Preact's JSX) reads this file.

export interface ReactAppControl {
  /** Mounts (true) or unmounts (false) the toggled element; resolves once React has committed. */
  setMounted(mounted: boolean): Promise<void>;
  /** Mounts and unmounts `times` times as fast as React commits; `open` opens the panel each time. */
  cycle(times: number, options?: { open?: boolean }): Promise<void>;
  /**
   * `times` times: docks the kept element and takes it out again in the same task (before its
   * mount task runs), then docks it for good, opens it, waits for its connection to open (it
   * rejects after 5 s) and takes it out.
   */
  dockCycle(times: number): Promise<void>;
  /** How many toggled elements were mounted so far (StrictMode's second run is not one). */
  readonly mounts: number;
  /** How many times React attached a ref to a toggled element: twice per mount under StrictMode. */
  readonly refAttachments: number;
  /** How many times the kept element was docked for good. */
  readonly docks: number;
}

declare global {
  interface Window {
    reactApp: ReactAppControl;
  }
}
