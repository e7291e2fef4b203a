// The OpenAPI document against the running emulator: it serves the document (to its own origin
// only); every example request in it is answered as it says (the status, the answer's schema);
// requests that break a schema are refused with the documented error; every path it lists is
// served, with the methods it lists and no other.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../index.ts';
import { restEndpoints, type EndpointDeps } from './endpoints.ts';
import { KEY, restEmulator } from '../../test/emulator/rest-client.ts';
import {
  exampleNames,
  exampleRequest,
  METHODS,
  operationsOf,
  resolved,
  schemaChecker,
  type Json,
} from '../../test/emulator/openapi-checks.ts';

describe('the OpenAPI document, against the running emulator', () => {
  let emu: RunningEmulator;
  restEmulator({}, { reset: false, started: (started) => (emu = started) });
  let document: Json;
  let check: ReturnType<typeof schemaChecker>;

  beforeAll(async () => {
    const answer = await fetch(`${emu.url}/openapi.json`);
    expect(answer.status).toBe(200);
    document = await answer.json();
    check = schemaChecker(document);
  });

  /** Sends a request as a client of the document would: its key, JSON. */
  async function send(method: string, target: string, body?: unknown, raw?: string) {
    const auth = target.startsWith('/rest/') ? KEY : `Bearer ${emu.managementKey}`;
    const headers: Record<string, string> = { authorization: auth };
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${emu.url}${target}`, {
      method: method.toUpperCase(),
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: answer.status, body: (await answer.json()) as Json };
  }

  /** The answer is one the operation documents: its status listed, its body that status's schema. */
  function expectDocumented(operation: Json, answer: { status: number; body: Json }, what: string) {
    const response = operation.responses[String(answer.status)];
    expect(response, `${what}: status ${answer.status} is not documented (${JSON.stringify(answer.body)})`).toBeDefined();
    const schema = resolved(document, response).content['application/json'].schema;
    expect(check(schema, answer.body), `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toEqual([]);
  }

  it('is served with the address it was asked at, and refused to another origin', async () => {
    expect(document.servers).toEqual([{ url: emu.url }]);
    const elsewhere = await fetch(`${emu.url}/openapi.json`, { headers: { origin: 'https://shop.example' } });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers every example request as the document says (200, the answer its schema)', async () => {
    let sent = 0;
    for (const { path, method, operation } of operationsOf(document)) {
      for (const name of exampleNames(operation)) {
        const { target, body } = exampleRequest(path, operation, name);
        const answer = await send(method, target, body);
        expect(answer.status, `${name}: ${method} ${target} ${JSON.stringify(answer.body)}`).toBe(200);
        expectDocumented(operation, answer, `${name}: ${method} ${target}`);
        sent++;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(operationsOf(document).length);
  });

  it('refuses a body that breaks its schema, and a query value that breaks its own, with the documented 400', async () => {
    for (const { path, method, operation } of operationsOf(document)) {
      const [name] = exampleNames(operation);
      const { target } = exampleRequest(path, operation, name!);
      if (operation.requestBody) {
        const answer = await send(method, target, undefined, '[]');
        expect(answer.status, `${method} ${target} with [] for a body`).toBe(400);
        expectDocumented(operation, answer, `${method} ${target} with [] for a body`);
      }
      const enumerated = (operation.parameters as Json[]).find((p) => p.in === 'query' && (p.schema.enum || p.schema.pattern));
      if (enumerated) {
        const url = new URL(target, 'http://x');
        url.searchParams.set(enumerated.name, 'not-a-valid-value');
        const { body } = exampleRequest(path, operation, name!);
        const answer = await send(method, `${url.pathname}${url.search}`, body);
        expect(answer.status, `${method} ${url.pathname}${url.search}`).toBe(400);
        expect(answer.body.field).toBe(enumerated.name);
        expectDocumented(operation, answer, `${method} ${url.pathname}${url.search}`);
      }
    }
  });

  it('serves each path with the methods it lists and no other (405, documented), and without a key 401', async () => {
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      const [first] = operationsOf({ paths: { [path]: item } });
      const { target } = exampleRequest(path, first!.operation, exampleNames(first!.operation)[0]!);
      for (const method of METHODS.filter((m) => !item[m])) {
        const answer = await send(method, target, method === 'get' ? undefined : {});
        expect(answer.status, `${method} ${target}`).toBe(405);
        expectDocumented(first!.operation, answer, `${method} ${target}`);
      }
      const unauthorised = await fetch(`${emu.url}${target}`, { method: first!.method.toUpperCase() });
      expect(unauthorised.status, target).toBe(401);
    }
  });

  it('lists every route of the REST router and the management API, and no other path is served', async () => {
    const served = Object.entries(restEndpoints({} as EndpointDeps)).flatMap(([pattern, methods]) =>
      Object.keys(methods).map((method) => `${method.toLowerCase()} /rest/v1/${pattern.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = operationsOf(document).map(({ path, method }) => `${method} ${path}`);
    expect(documented.filter((route) => route.startsWith('get /v1/'))).toEqual([
      'get /v1/projects/{projectId}/flows',
      'get /v1/projects/{projectId}/flows/list',
    ]);
    expect(documented.filter((route) => route.includes(' /rest/')).sort()).toEqual(served.sort());
    for (const path of ['/rest/v1/messages', '/rest/v1/broadcast', '/v1/projects/parley-demo/steps', '/v1/projects']) {
      expect((await send('get', path)).status, path).toBe(404);
    }
  });
});
