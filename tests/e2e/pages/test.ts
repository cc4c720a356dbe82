/**
 * The specs' `test` and `expect`: Playwright's, with API request contexts (the `request`
 * fixture, and `page.request`, which shares the page's cookies) that send a request again when
 * its connection is reset before any answer (ECONNRESET). The shop's server closes a keep-alive connection after 5 s idle (server/app.ts
 * `keepAliveTimeout`); a request written on such a connection just as it closes is reset before
 * the server reads it. A browser sends it again by itself; Playwright's API client does only when
 * asked (`maxRetries`, which retries ECONNRESET and nothing else), so a spec's setup or clean-up
 * call does not fail, and leave the shop changed for the next spec, on that race.
 */
import { test as base, type APIRequestContext } from '@playwright/test';

export { expect } from '@playwright/test';

const SENDERS = new Set(['fetch', 'get', 'post', 'put', 'patch', 'delete', 'head']);

/** `request` with `maxRetries: 2` on every call that does not set it. */
export function retryingResets(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && SENDERS.has(property)) {
        return (url: unknown, options?: Record<string, unknown>) => (value as (...args: unknown[]) => unknown).call(target, url, { maxRetries: 2, ...options });
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

export const test = base.extend({
  request: async ({ request }, use) => {
    await use(retryingResets(request));
  },
  // Playwright's API client keeps a page's connection for longer than the server does
  // (microsoft/playwright#42698): a spec that works the page for more than 5 s between two of
  // its own requests meets the race on its second.
  page: async ({ page }, use) => {
    Object.defineProperty(page, 'request', { value: retryingResets(page.request), configurable: true });
    await use(page);
  },
});
