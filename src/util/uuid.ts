// crypto.randomUUID exists only in secure contexts; customer sites may still be served over
// plain http, where getRandomValues works and randomUUID is missing.
export function randomUuid(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi.randomUUID) return cryptoApi.randomUUID();
  // One random byte per hex digit: x takes its low 4 bits, y (the RFC 4122 variant) 8 to b; 4 is the version.
  const bytes = cryptoApi.getRandomValues(new Uint8Array(31));
  let next = 0;
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (digit) =>
    (digit === 'x' ? bytes[next++]! & 15 : (bytes[next++]! & 3) | 8).toString(16),
  );
}
