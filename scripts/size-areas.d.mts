// The types of size-areas.mjs, for its test.
export interface AreaBytes {
  area: string;
  bytes: number;
}
export function bytesByArea(file: string, named?: Record<string, string>): { total: number; areas: AreaBytes[] };
