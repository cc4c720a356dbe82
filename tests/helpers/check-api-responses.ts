/** Set up for every API test file: afterwards, each response its tests received must be one the OpenAPI document declares. */
import { afterAll, expect } from 'vitest';
import { takeUndocumentedResponses } from './openapi.ts';

afterAll(() => {
  expect(takeUndocumentedResponses(), 'responses the OpenAPI document does not declare').toEqual([]);
});
