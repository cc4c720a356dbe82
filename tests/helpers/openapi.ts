/**
 * Holds the API to its OpenAPI document: every /api/v1 and health probe response a test receives
 * through the test app's `inject` is recorded, and after the file each one is checked against the
 * document that same app serves (its status declared for the route, its body matching that status's
 * schema, a body-less status sent without one).
 */
import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';

interface MediaTypeObject {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

export interface RecordedResponse {
  method: string;
  /** The request's path, without its query. */
  path: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

const recorded: { response: RecordedResponse; document: OpenApiDocument }[] = [];

/** Documented beside the API (server/plugins/health.ts). */
const HEALTH_PROBES = new Set(['/healthz', '/readyz']);

/** Makes `app.inject` record what it answers on /api/v1 and the health probes; the app must be ready. */
export async function recordApiResponses(app: FastifyInstance): Promise<void> {
  const inject = app.inject.bind(app) as (...args: unknown[]) => Promise<Response>;
  const document = (await inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  app.inject = ((...args: unknown[]) => {
    // The chained and callback forms of inject pass through unrecorded.
    if (args.length !== 1) return inject(...args);
    return inject(...args).then((res) => {
      const response = describeResponse(res);
      if (response.path.startsWith('/api/v1/') || HEALTH_PROBES.has(response.path)) recorded.push({ response, document });
      return res;
    });
  }) as FastifyInstance['inject'];
}

/** What `checkResponse` looks at in an injected response. */
export function describeResponse(res: Response): RecordedResponse {
  const url = res.raw.req.url ?? '';
  const contentType = res.headers['content-type'];
  return {
    method: res.raw.req.method ?? 'GET',
    path: url.split('?')[0]!,
    status: res.statusCode,
    contentType: contentType === undefined ? undefined : String(contentType),
    body: res.body,
  };
}

/** The recorded responses the document does not allow, one line each; the record starts afresh. */
export function takeUndocumentedResponses(): string[] {
  const problems = recorded.splice(0).map(({ response, document }) => checkResponse(document, response));
  return [...new Set(problems.filter((p) => p !== undefined))];
}

/** Why the document does not allow `response`, or undefined when it does. */
export function checkResponse(document: OpenApiDocument, response: RecordedResponse): string | undefined {
  // HEAD is answered by the GET route, without a body.
  const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
  const found = findOperation(document, method, response.path);
  if (!found) {
    // Outside the document, the API's only answer is its "no such route" failure.
    if (response.status === 404 && isRouteNotFound(response.body)) return undefined;
    return `${response.method} ${response.path} → ${response.status}: no operation in the document for this path and method`;
  }
  const { operation, pointer } = found;
  const label = `${response.method} ${found.path} → ${response.status}`;
  const status = String(response.status);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k]);
  if (!key) return `${label}: the document declares only ${Object.keys(operation.responses).join(', ')}`;
  const declared = operation.responses[key]!;
  if (!declared.content) {
    return response.body === '' ? undefined : `${label}: declared without a body, answered ${JSON.stringify(response.body.slice(0, 200))}`;
  }
  const mediaType = response.contentType?.split(';')[0]!.trim().toLowerCase();
  if (!mediaType || !declared.content[mediaType]) {
    return `${label}: content type ${mediaType ?? '(none)'}, declared ${Object.keys(declared.content).join(', ')}`;
  }
  if (response.method === 'HEAD' || !mediaType.endsWith('json')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${label}: the body is not JSON`;
  }
  const schemaPointer = `${pointer}/responses/${escapePointer(key)}/content/${escapePointer(mediaType)}/schema`;
  const validate = validatorFor(document, schemaPointer);
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
  return `${label}: the body does not match the declared schema (${errors}): ${response.body.slice(0, 300)}`;
}

function isRouteNotFound(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { status?: unknown; message?: unknown };
    return parsed.status === 'fail' && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

/** The operation Fastify would route to: of the paths matching, the one with the fewest parameters. */
function findOperation(document: OpenApiDocument, method: string, path: string) {
  const candidates = Object.entries(document.paths)
    .filter(([template, item]) => item[method] && templateToRegExp(template).test(path))
    .sort(([a], [b]) => countParameters(a) - countParameters(b));
  const [template, item] = candidates[0] ?? [];
  if (!template || !item) return undefined;
  return { path: template, operation: item[method]!, pointer: `#/paths/${escapePointer(template)}/${method}` };
}

function templateToRegExp(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

const countParameters = (template: string) => (template.match(/\{/g) ?? []).length;
/** A JSON pointer segment as it goes in a URI fragment. */
const escapePointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

const validators = new WeakMap<OpenApiDocument, { ajv: Ajv; compiled: Map<string, ValidateFunction> }>();

/**
 * Compiles the schema at `pointer` inside the document, so any `$ref` it holds resolves
 * against the document. OpenAPI 3.0's schemas are JSON Schema draft 4 as far as validation goes
 * (a boolean `exclusiveMinimum`), plus `nullable`, which Ajv understands; `strict: false` lets
 * their other keywords (description, example) through.
 */
function validatorFor(document: OpenApiDocument, pointer: string): ValidateFunction {
  let entry = validators.get(document);
  if (!entry) {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
    entry = { ajv, compiled: new Map() };
    validators.set(document, entry);
  }
  let validate = entry.compiled.get(pointer);
  if (!validate) {
    validate = entry.ajv.compile({ $ref: `openapi${pointer}` });
    entry.compiled.set(pointer, validate);
  }
  return validate;
}
