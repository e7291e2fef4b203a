// The OpenAPI document as a file: what the schemas make today (the kept copy is not stale), valid
// against the OpenAPI 3.1 schema (a maintained validator), every reference found, and every
// example a request its own schemas take.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiFile } from '../../scripts/openapi.ts';
import { exampleNames, exampleRequest, operationsOf, resolved, schemaChecker, type Json } from '../../test/emulator/openapi-checks.ts';
import { openApiDocument } from './openapi.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const document: Json = openApiDocument();

describe('the OpenAPI document', () => {
  it('is kept up to date in emulator/openapi.json (npm run build writes it)', () => {
    expect(readFileSync(resolve(ROOT, 'emulator/openapi.json'), 'utf8')).toBe(openApiFile());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('leaves the address to the user when shipped, and names it when served', () => {
    expect(document.servers[0].url).toBe('{emulator}');
    expect(document.servers[0].variables.emulator.default).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((openApiDocument('http://localhost:4010/emu') as Json).servers).toEqual([{ url: 'http://localhost:4010/emu' }]);
  });

  it('finds every reference it makes', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(([, ref]) => ref!);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of new Set(refs)) expect(resolved(document, { $ref: ref }), ref).toBeTruthy();
  });

  it('says the security of each API: the REST key itself, the management key as a Bearer token', () => {
    expect(document.components.securitySchemes).toMatchObject({
      restKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
      managementKey: { type: 'http', scheme: 'bearer' },
    });
    for (const { path, operation } of operationsOf(document)) {
      expect(operation.security, path).toEqual([{ [path.startsWith('/rest/') ? 'restKey' : 'managementKey']: [] }]);
    }
  });

  it('has, for every operation, examples its own parameter and body schemas take', () => {
    const check = schemaChecker(document);
    for (const { path, method, operation } of operationsOf(document)) {
      const names = exampleNames(operation);
      expect(names.length, `${method} ${path} has no example`).toBeGreaterThan(0);
      for (const parameter of operation.parameters) {
        for (const [name, example] of Object.entries(parameter.examples ?? {}) as Array<[string, Json]>) {
          expect(check(parameter.schema, example.value), `${method} ${path} ${name}: ${parameter.name}`).toEqual([]);
        }
      }
      const body = operation.requestBody?.content['application/json'];
      for (const name of names) {
        const { body: value } = exampleRequest(path, operation, name);
        if (body && value !== undefined) expect(check(body.schema, value), `${method} ${path} ${name}: body`).toEqual([]);
        if (operation.requestBody?.required) expect(value, `${method} ${path} ${name} needs a body`).toBeDefined();
      }
    }
  });

  it('answers every operation with JSON errors (400, 401, 405 and more), each the error shape', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      for (const status of ['400', '401', '405']) expect(operation.responses[status], `${method} ${path} ${status}`).toBeDefined();
      if (operation.requestBody)
        for (const status of ['413', '415']) expect(operation.responses[status], `${method} ${path}`).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses) as Array<[string, Json]>) {
        if (status === '200') continue;
        expect(resolved(document, response).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorAnswer' });
      }
    }
  });
});
