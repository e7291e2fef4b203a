// The OpenAPI 3.1 document of the REST messaging API and the management API (GET /openapi.json,
// and the package's parley-chat/emulator/openapi.json), made from operations.ts: the same zod
// schemas the emulator checks requests with, as JSON Schema (zod's own conversion), so the
// document and the behaviour cannot drift. Served, it names its emulator's address; shipped, it
// leaves the address for the user (a server variable).
import { z } from 'zod';
import { DEFAULTS } from '../core/options.ts';
import { MAX_ID_LENGTH } from '../safety/bounds.ts';
import { ErrorAnswer } from '../spec/rest-answers.ts';
import { MANAGEMENT_OPERATION, REST_OPERATIONS, type Example, type Method, type Operation } from './operations.ts';

type Json = Record<string, unknown>;

/** The error answers, each once in `components.responses`, by status. */
const ERRORS: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'A field or a query parameter breaks the schema; `field` names it. Unknown fields are refused with `--strict`; by default they are dropped and logged.',
  },
  401: { name: 'Unauthorized', description: 'No key, or a wrong one' },
  404: { name: 'NotFound', description: 'Not found' },
  405: { name: 'MethodNotAllowed', description: 'This path does not take the method; `Allow` lists those it does' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than 1,000,000 bytes' },
  414: { name: 'UriTooLong', description: 'The request target is longer than the emulator takes' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not `application/json`' },
};

const errorResponses = () =>
  Object.fromEntries(
    Object.values(ERRORS).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: ref('ErrorAnswer') } } },
    ]),
  );

/** A zod schema as JSON Schema for the document: the input side (what a client sends). */
function jsonSchema(schema: z.ZodType): Json {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', override: refuseFlags });
  const { $schema: _dialect, ...rest } = converted as Json;
  return rest;
}

/** JSON Schema's `pattern` has no flags: a flagged regex would check something else than the emulator does. */
function refuseFlags(ctx: { zodSchema: unknown }): void {
  const patterns = (ctx.zodSchema as { _zod?: { bag?: { patterns?: Set<RegExp> } } })._zod?.bag?.patterns;
  for (const pattern of patterns ?? []) {
    if (pattern.flags) throw new Error(`openapi: the pattern ${pattern} has flags, which JSON Schema cannot carry; write it without`);
  }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The path's parameters, then the query's, each with the examples that use it. */
function parameters(path: string, operation: Operation): Json[] {
  const examplesOf = (name: string) => {
    const uses = Object.entries(operation.examples).filter(([, example]) => example.params?.[name] !== undefined);
    return uses.length ? { examples: Object.fromEntries(uses.map(([id, example]) => [id, { value: example.params![name] }])) } : {};
  };
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH },
    ...examplesOf(name!),
  }));
  const query = operation.query ? jsonSchema(operation.query) : { properties: {} };
  const required = new Set((query.required as string[] | undefined) ?? []);
  const inQuery = Object.entries(query.properties as Record<string, Json>).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: required.has(name), schema: rest, ...(description ? { description } : {}), ...examplesOf(name) };
  });
  return [...inPath, ...inQuery];
}

function requestBody(operation: Operation): Json | undefined {
  const body = operation.body;
  if (!body) return undefined;
  const examples = Object.entries(operation.examples).filter(([, example]) => example.body !== undefined);
  return {
    required: body.required,
    content: {
      'application/json': {
        schema: ref(body.name),
        ...(examples.length ? { examples: Object.fromEntries(examples.map(([id, e]) => [id, exampleObject(e)])) } : {}),
      },
    },
  };
}

const exampleObject = (example: Example) => ({ summary: example.summary, value: example.body });

function responses(operation: Operation): Json {
  const ok = operation.answers.map((answer) => ref(answer.name));
  const statuses = [400, 401, ...operation.errors, 405, ...(operation.body ? [413, 415] : []), 414].sort((a, b) => a - b);
  // OpenAPI 3.1 lets a reference say its own description: what this operation's 404 means.
  const error = (status: number) => ({
    $ref: `#/components/responses/${ERRORS[status]!.name}`,
    ...(status === 404 && operation.notFound ? { description: `Not found: ${operation.notFound}` } : {}),
  });
  return {
    200: {
      description: operation.answers.length > 1 ? 'OK: the result, with `sync=true`; else `{status: "ok"}`' : 'OK',
      content: { 'application/json': { schema: ok.length > 1 ? { anyOf: ok } : ok[0] } },
    },
    ...Object.fromEntries(statuses.map((status) => [status, error(status)])),
  };
}

function operationObject(path: string, operation: Operation & { deprecated?: boolean }, tag: string, security: string): Json {
  const body = requestBody(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: [tag],
    ...(operation.deprecated ? { deprecated: true } : {}),
    security: [{ [security]: [] }],
    parameters: parameters(path, operation),
    ...(body ? { requestBody: body } : {}),
    responses: responses(operation),
  };
}

/** `messages/:threadId` → `/rest/v1/messages/{threadId}`. */
const restPath = (pattern: string) => `/rest/v1/${pattern.replace(/:(\w+)/g, '{$1}')}`;

function paths(): Record<string, Json> {
  const all: Record<string, Json> = {};
  for (const [pattern, methods] of Object.entries(REST_OPERATIONS)) {
    const path = restPath(pattern);
    all[path] = Object.fromEntries(
      Object.entries(methods as Partial<Record<Method, Operation>>).map(([method, operation]) => [
        method.toLowerCase(),
        operationObject(path, operation, 'REST messaging', 'restKey'),
      ]),
    );
  }
  for (const path of ['/v1/projects/{projectId}/flows', '/v1/projects/{projectId}/flows/list']) {
    const alias = path.endsWith('/list');
    const operation = alias
      ? { ...MANAGEMENT_OPERATION, operationId: 'listFlowsByListPath', summary: 'The same, by the path spec 4.6’s heading shows' }
      : MANAGEMENT_OPERATION;
    all[path] = { get: operationObject(path, operation, 'Management', 'managementKey') };
  }
  return all;
}

/** Every named schema the operations use, once. */
function schemas(): Record<string, Json> {
  const named = new Map<string, z.ZodType>([['ErrorAnswer', ErrorAnswer]]);
  const operations = [...Object.values(REST_OPERATIONS).flatMap((methods) => Object.values(methods) as Operation[]), MANAGEMENT_OPERATION];
  for (const operation of operations) {
    if (operation.body) named.set(operation.body.name, operation.body.schema);
    for (const answer of operation.answers) named.set(answer.name, answer.schema);
  }
  return Object.fromEntries([...named].sort(([a], [b]) => a.localeCompare(b)).map(([name, schema]) => [name, jsonSchema(schema)]));
}

/** Where a shipped document's user runs the emulator: `parley-emulator`'s default address. */
const SHIPPED_SERVER = {
  url: '{emulator}',
  variables: {
    emulator: { default: `http://127.0.0.1:${DEFAULTS.port}`, description: "the emulator's address, with its --prefix if it has one" },
  },
};

let built: Json | undefined;

/** The document; `server` is the emulator's own address when it serves it, absent for the shipped copy. */
export function openApiDocument(server?: string): Json {
  // The schemas' conversion runs once; each request gets the same document with its own address.
  built ??= document();
  return { ...built, servers: [server ? { url: server } : SHIPPED_SERVER] };
}

function document(): Json {
  return {
    openapi: '3.1.1',
    info: {
      title: 'Parley emulator: the REST messaging and management APIs',
      version: 'v1',
      description:
        'The conversational messaging service’s REST API (spec 4.3-4.5) and management API (4.6) as the Parley emulator enforces them. Asking calls without `sync=true` answer `{status: "ok"}` and send their result to the webhook. Errors are JSON: `{status: "error", message, field?}`.',
    },
    servers: [SHIPPED_SERVER],
    tags: [
      { name: 'REST messaging', description: 'Spec 4.3-4.5, authenticated by the REST API key itself in `Authorization`' },
      { name: 'Management', description: 'Spec 4.6, authenticated by `Authorization: Bearer <management key>`' },
    ],
    paths: paths(),
    components: {
      schemas: schemas(),
      responses: errorResponses(),
      securitySchemes: {
        restKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The REST API key itself, without "Bearer" (spec 5)' },
        managementKey: { type: 'http', scheme: 'bearer', description: 'The management API key (spec 5)' },
      },
    },
  };
}
