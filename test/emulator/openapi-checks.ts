// What the OpenAPI tests share: the document's operations as a list, and a JSON Schema validator
// (Ajv, draft 2020-12, as OpenAPI 3.1 uses) that checks a value against a schema of the document,
// its references resolved within it.
import Ajv2020 from 'ajv/dist/2020.js';

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface DocumentedOperation {
  path: string;
  method: string;
  operation: Json;
}

/** POST first: a thread is made by its first message, before its history is asked for. */
export const METHODS = ['post', 'get', 'put', 'patch', 'delete'] as const;

export function operationsOf(document: Json): DocumentedOperation[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  );
}

/** A reference (`#/components/...`) followed to what it names; anything else as it is. */
export function resolved(document: Json, value: Json): Json {
  if (!value?.$ref) return value;
  const target = (value.$ref as string)
    .slice(2)
    .split('/')
    .reduce((node: Json, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return { ...resolved(document, target), ...(value.description ? { description: value.description } : {}) };
}

/** Checks values against schemas of `document`; answers the problems in words, empty when valid. */
export function schemaChecker(document: Json): (schema: Json, value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  return (schema, value) => {
    const validate = ajv.compile({ $id: `check-${Math.random()}`, ...rewriteRefs(schema) });
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
  };
}

/** `#/components/...` inside a schema taken out of the document points into the document. */
function rewriteRefs(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? `openapi.json${value}` : rewriteRefs(value),
    ]),
  );
}

/** The names of an operation's examples: those its parameters and its body give values for. */
export function exampleNames(operation: Json): string[] {
  const names = new Set<string>();
  for (const parameter of operation.parameters ?? []) for (const name of Object.keys(parameter.examples ?? {})) names.add(name);
  for (const name of Object.keys(operation.requestBody?.content?.['application/json']?.examples ?? {})) names.add(name);
  return [...names];
}

/** The request an example names: its path with the parameters filled in, its query, its body. */
export function exampleRequest(path: string, operation: Json, name: string): { target: string; body: unknown } {
  const query = new URLSearchParams();
  let target = path;
  for (const parameter of operation.parameters ?? []) {
    const value = parameter.examples?.[name]?.value;
    if (value === undefined) continue;
    if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  const body = operation.requestBody?.content?.['application/json']?.examples?.[name]?.value;
  return { target: `${target}${query.size ? `?${query}` : ''}`, body };
}
