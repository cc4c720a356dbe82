/**
 * The OpenAPI entry of the admin's forms (categories and products). Their handlers read the
 * body themselves (readForm), so a route's `body` schema cannot describe it: Fastify would
 * validate the multipart body against it, and no such body parses to anything. The form is
 * given to the route's own swagger transform instead (config.swaggerTransform), which only the
 * document sees.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../contracts/index.ts';

export const imageFile = z.file().describe(`An image, checked from its bytes (not its name or declared type); ${MAX_UPLOAD_BYTES / 1024 / 1024} MB at most`);

export interface Form {
  /** Text fields: repeated ones as arrays. */
  fields: z.ZodObject;
  files: z.ZodObject;
  /** Also accepted as a JSON body holding the fields alone (no files). */
  json?: boolean;
}

interface ObjectSchema {
  properties?: Record<string, { type?: string; description?: string; items?: { type?: string } }>;
}

/**
 * A multipart part is text, so a field whose value is an object (a product's stock) or a list of
 * objects (its colours) is sent as its JSON text, which the contract's schema parses: either is
 * documented. A list of plain values (the sizes) is a repeated field.
 */
function asFormParts(schema: ObjectSchema): ObjectSchema {
  const properties = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const json = property.type === 'object' || (property.type === 'array' && property.items?.type === 'object');
    if (!json) return [name, property];
    const { description, ...object } = property;
    return [name, { description, anyOf: [{ type: 'string', description: `The JSON text of the ${property.type === 'object' ? 'object' : 'list'}` }, object] }];
  });
  return { ...schema, properties: Object.fromEntries(properties) };
}

/**
 * The route's usual transform (its zod schemas into JSON Schema) plus its body: the fields and
 * files as multipart/form-data and, when `form.json`, the fields as application/json.
 */
export function documentForm(form: Form): SwaggerTransform {
  return (document) => {
    const { schema, url } = jsonSchemaTransform(document);
    const toJsonSchema = (shape: z.ZodObject) => jsonSchemaTransform({ ...document, schema: { body: shape } }).schema.body as ObjectSchema;
    const content: Record<string, { schema: unknown }> = {
      'multipart/form-data': { schema: asFormParts(toJsonSchema(form.fields.extend(form.files.shape))) },
    };
    if (form.json) content['application/json'] = { schema: toJsonSchema(form.fields) };
    return { url, schema: { ...schema, body: { content } } };
  };
}

interface RequestBody {
  required?: boolean;
  content?: Record<string, { schema?: { required?: unknown[] } }>;
}

/**
 * @fastify/swagger marks every body it documents as required. A form with no required field is
 * not: readForm takes a missing body as an empty form.
 */
export const markOptionalForms: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  for (const item of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as { requestBody?: RequestBody }[]) {
      const form = operation.requestBody?.content?.['multipart/form-data'];
      if (form && !form.schema?.required?.length) operation.requestBody!.required = false;
    }
  }
  return openapiObject;
};
