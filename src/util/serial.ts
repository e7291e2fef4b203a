// Work that must not overlap, run one at a time in the order it was asked for: each starts once
// the one before has settled, and a failure stops nothing after it.

export type Serial = <T>(work: () => Promise<T>) => Promise<T>;

export function serial(): Serial {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
}
