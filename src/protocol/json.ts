/**
 * JSON.parse, with every null made undefined: to the client a null field means "absent", so an
 * optional field the service sends as null never costs the whole frame. The nulls go in a walk of
 * its own, not a reviver: a reviver call per value made a 4 MiB frame of numbers cost half a second.
 */
export function parseJsonWithoutNulls(text: string): unknown {
  const json: unknown = JSON.parse(text);
  const stack: unknown[] = [json];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === null) value[i] = undefined;
        else if (typeof item === 'object') stack.push(item);
      }
    } else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      for (const key in record) {
        const item = record[key];
        if (item === null)
          record[key] = undefined; // cheaper than delete, and read the same
        else if (typeof item === 'object') stack.push(item);
      }
    }
  }
  return json;
}
