/** Turns zod issues into the API's `errors` entries, for route schemas and hand-parsed multipart bodies. */
import type { z } from 'zod';
import { AppError, type FieldError } from '../../core/errors.ts';

/** Parses `data` with `schema`, or throws a 400 with one entry per failed rule. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown, location: FieldError['location'] = 'body'): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ msg: issue.message, path: issue.path.join('.'), location }));
  throw new AppError(400, fields[0]!.msg, fields);
}
