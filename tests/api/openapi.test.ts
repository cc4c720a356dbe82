/**
 * The OpenAPI document at /api/docs/json: valid by the specification's own schema, listing the
 * API alone, and saying what it takes and answers. Every API test file also checks its
 * responses against it (helpers/openapi.ts); the last tests here show that check failing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { createAccount, createCategoryFixture, createProductFixture, makePng, UNKNOWN_ID, type Account } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { checkResponse, describeResponse, type OpenApiDocument, type RecordedResponse } from '../helpers/openapi.ts';

interface JsonSchema {
  type?: string;
  format?: string;
  description?: string;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = OpenApiDocument & { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let admin: Account;
let document: Document;
let buildDir: string;
beforeAll(async () => {
  // The pages' route is registered from a build it reads only to render a page, which nothing
  // here asks for: a stand-in build lets the document be the one a real shop serves.
  buildDir = await mkdtemp(path.join(tmpdir(), 'store-web-stand-in-'));
  await mkdir(path.join(buildDir, 'server'));
  await mkdir(path.join(buildDir, 'client'));
  await writeFile(path.join(buildDir, 'server', 'index.js'), 'export {};\n');
  await writeFile(path.join(buildDir, 'enhance.json'), JSON.stringify({ src: '/assets/enhance.js' }));
  t = await createTestApp({ webBuildDir: buildDir });
  admin = await createAccount(t.db, 'admin');
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => {
  await t.close();
  await rm(buildDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([route, item]) => Object.entries(item).map(([method, operation]) => ({ route, method, operation })));

const binary = { type: 'string', format: 'binary' };

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.0 by the specification’s schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('lists the API and the health probes alone, not the pages, images or docs served beside it', () => {
    expect(Object.keys(document.paths).filter((route) => !route.startsWith('/api/v1/'))).toEqual(['/healthz', '/readyz']);
  });

  it('documents every 204 without a body', () => {
    const noContent = operations().filter(({ operation }) => operation.responses['204']);
    expect(noContent.map(({ method, route }) => `${method} ${route}`).sort()).toEqual([
      'delete /api/v1/categories/{id}',
      'delete /api/v1/coupons/{id}',
      'delete /api/v1/products/{id}',
      'post /api/v1/auth/logout',
    ]);
    for (const { operation } of noContent) expect(operation.responses['204']).not.toHaveProperty('content');
  });

  it('describes adding a product or category as a multipart form with its images as binary parts', () => {
    const product = document.paths['/api/v1/products']!.post!.requestBody!;
    expect(product.required).toBe(true);
    expect(Object.keys(product.content)).toEqual(['multipart/form-data']);
    const form = product.content['multipart/form-data']!.schema;
    expect(form.properties).toMatchObject({
      imageCover: binary,
      images: { type: 'array', items: binary },
      availableSizes: { type: 'array', items: { type: 'string' } },
      price: { type: 'number' },
      quantity: { type: 'integer' },
      stock: { anyOf: [{ type: 'string' }, { type: 'object' }] },
      colors: { anyOf: [{ type: 'string' }, { type: 'array', maxItems: 12 }] },
      availability: { type: 'boolean' },
    });
    // A new product needs stock or quantity: neither is required alone.
    expect(form.required?.sort()).toEqual(['age', 'availableSizes', 'category', 'description', 'imageCover', 'price', 'season', 'title']);

    const category = document.paths['/api/v1/categories']!.post!.requestBody!;
    expect(category.content['multipart/form-data']!.schema).toMatchObject({ properties: { name: { type: 'string' }, image: binary }, required: ['name', 'image'] });
  });

  it('describes an edit as the same form with every part optional, or as JSON without files', () => {
    for (const route of ['/api/v1/products/{id}', '/api/v1/categories/{id}']) {
      const body = document.paths[route]!.put!.requestBody!;
      expect(body.required, route).toBe(false);
      expect(Object.keys(body.content).sort(), route).toEqual(['application/json', 'multipart/form-data']);
      expect(body.content['multipart/form-data']!.schema.required, route).toBeUndefined();
      const json = body.content['application/json']!.schema;
      expect(json.required, route).toBeUndefined();
      const files = Object.entries(json.properties ?? {}).filter(([, p]) => p.format === 'binary' || p.items?.format === 'binary');
      expect(files, route).toEqual([]);
    }
  });

  it("states the contract's price rule for a product's form, the rule the API enforces: more than 0, at most 1,000,000, in whole piastres", async () => {
    const priceOf = (route: string, method: string) => document.paths[route]![method]!.requestBody!.content['multipart/form-data']!.schema.properties!.price!;
    const rule = { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1_000_000, description: expect.stringContaining('whole piastres') };
    expect(priceOf('/api/v1/products', 'post')).toMatchObject(rule);
    expect(priceOf('/api/v1/products/{id}', 'put')).toMatchObject(rule);

    const category = await createCategoryFixture(t.db, t.images);
    const cover = await makePng('#335577');
    const add = async (price: string) => {
      const fields = { title: 'قميص بسعر الحد', description: 'قميص قطن', category: category.id, price, quantity: '2', age: 'رجال', season: 'صيف', availableSizes: 'm' };
      const body = await multipart(fields, [{ field: 'imageCover', data: cover }]);
      return t.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...body.headers, ...admin.headers }, payload: body.payload });
    };
    const { maximum } = priceOf('/api/v1/products', 'post');
    for (const price of [String(maximum! + 1), '0', '99.995']) {
      const refused = await add(price);
      expect(refused.statusCode, price).toBe(400);
      expect(refused.json().errors, price).toEqual([{ msg: MSG.priceInvalid, path: 'price', location: 'body' }]);
    }
    const atMost = await add(String(maximum));
    expect(atMost.statusCode).toBe(201);
    expect(atMost.json().data.price).toBe(maximum);
  });

  it("states the contract's rule for a category's name, the rule the API enforces: at most 50 characters", async () => {
    const nameOf = (route: string, method: string) => document.paths[route]![method]!.requestBody!.content['multipart/form-data']!.schema.properties!.name!;
    expect(nameOf('/api/v1/categories', 'post')).toMatchObject({ type: 'string', maxLength: 50 });
    expect(nameOf('/api/v1/categories/{id}', 'put')).toMatchObject({ type: 'string', maxLength: 50 });
    const image = await makePng('#557733');
    const add = async (name: string) => {
      const body = await multipart({ name }, [{ field: 'image', data: image }]);
      return t.app.inject({ method: 'POST', url: '/api/v1/categories', headers: { ...body.headers, ...admin.headers }, payload: body.payload });
    };
    const tooLong = await add('ق'.repeat(51));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ msg: MSG.categoryNameTooLong, path: 'name', location: 'body' }]);
    expect((await add('ق'.repeat(50))).statusCode).toBe(201);
  });

  it('is right that an edit may be JSON, or no body at all', async () => {
    const product = await createProductFixture(t.db, t.images);
    const url = `/api/v1/products/${product.id}`;
    const asJson = await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { title: 'قميص كتان', price: 300, availableSizes: ['m', 'l'] } });
    expect(asJson.statusCode).toBe(200);
    expect(asJson.json().data).toMatchObject({ title: 'قميص كتان', price: 300, availableSizes: ['m', 'l'] });
    const empty = await t.app.inject({ method: 'PUT', url, headers: admin.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ title: 'قميص كتان', price: 300 });
  });
});

describe('the check of API responses against the document', () => {
  const withoutResponse = (route: string, method: string, status: string): Document => {
    const copy = structuredClone(document);
    delete copy.paths[route]![method]!.responses[status];
    return copy;
  };
  const response = (overrides: Partial<RecordedResponse>): RecordedResponse => ({
    method: 'GET',
    path: '/api/v1/categories',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: '',
    ...overrides,
  });

  it('refuses a status the route does not declare', async () => {
    const notFound = describeResponse(await t.app.inject({ method: 'GET', url: `/api/v1/products/${UNKNOWN_ID}` }));
    expect(notFound.status).toBe(404);
    expect(checkResponse(document, notFound)).toBeUndefined();
    expect(checkResponse(withoutResponse('/api/v1/products/{id}', 'get', '404'), notFound)).toMatch(/GET \/api\/v1\/products\/\{id\} → 404: the document declares only 200, 304, 400, 5XX/);
  });

  it('refuses a body that does not match its status’s schema', async () => {
    const list = describeResponse(await t.app.inject({ method: 'GET', url: '/api/v1/categories?limit=1' }));
    expect(checkResponse(document, list)).toBeUndefined();
    const { results: _results, ...withoutCount } = JSON.parse(list.body) as Record<string, unknown>;
    expect(checkResponse(document, { ...list, body: JSON.stringify(withoutCount) })).toMatch(/does not match the declared schema \(\/ must have required property 'results'\)/);
    const failure = JSON.stringify({ status: 'fail', message: 'x' });
    expect(checkResponse(document, { ...list, status: 400, body: failure })).toMatch(/must have required property 'errors'/);
  });

  it('refuses a body on a 204, and a content type the status does not declare', () => {
    const deleted = response({ method: 'DELETE', path: `/api/v1/products/${UNKNOWN_ID}`, status: 204, contentType: undefined });
    expect(checkResponse(document, deleted)).toBeUndefined();
    expect(checkResponse(document, { ...deleted, contentType: 'application/json', body: 'null' })).toMatch(/→ 204: declared without a body/);
    expect(checkResponse(document, response({ contentType: 'text/html', body: '<p></p>' }))).toMatch(/content type text\/html, declared application\/json/);
  });

  it('allows nothing outside the document but the API’s "no such route" answer', () => {
    const unknown = response({ path: '/api/v1/gift-cards', status: 404, body: JSON.stringify({ status: 'fail', message: 'x' }) });
    expect(checkResponse(document, unknown)).toBeUndefined();
    expect(checkResponse(document, { ...unknown, status: 200, body: '{}' })).toMatch(/no operation in the document/);
    expect(checkResponse(document, response({ method: 'PATCH', path: '/api/v1/categories', status: 200, body: '{}' }))).toMatch(/no operation in the document/);
  });
});
