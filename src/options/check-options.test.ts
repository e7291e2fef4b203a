import { describe, expect, it } from 'vitest';
import { checkOptions, hasOptionsProblem } from './check-options.ts';

describe('the configuration check', () => {
  it("the loader's yes or no agrees with the client's list of problems", () => {
    const good = { clientId: 'c', baseUrl: 'https://svc.example' };
    const cases = [
      good,
      {},
      { clientId: ' ', baseUrl: 'https://svc.example' },
      { clientId: 'c' },
      { clientId: 'c', baseUrl: ' ' },
      { clientId: 'c', baseUrl: 'ftp://svc.example' },
      { clientId: 'c', baseUrl: 'not a url at all' },
      { ...good, sdkUrl: 'javascript:alert(1)' },
      { ...good, sdkUrl: 'https://sdk.example' },
      { ...good, sdkUrl: ' ' },
      { ...good, headerPrefix: 'x-svc' },
      { ...good, headerPrefix: '' },
      { ...good, headerPrefix: 'x svc' },
      { ...good, baseUrl: '/relative/path' },
    ];
    for (const options of cases) expect(hasOptionsProblem(options), JSON.stringify(options)).toBe(checkOptions(options).length > 0);
    expect(cases.filter((options) => hasOptionsProblem(options)).length).toBeGreaterThan(5);
  });
});
