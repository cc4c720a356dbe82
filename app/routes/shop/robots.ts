/** robots.txt: crawl the shop, not the private pages, and find everything through the sitemap. */
import type { Route } from './+types/robots';

const PRIVATE_PATHS = ['/admin', '/cart', '/checkout', '/profile', '/login', '/signup'];

export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', context.storeUrl).href}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
