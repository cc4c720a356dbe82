import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from 'react-router';
import cairoArabic400 from '@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url';
import cairoArabic600 from '@fontsource/cairo/files/cairo-arabic-600-normal.woff2?url';
import cairoArabic700 from '@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url';
import { STORE_NAME } from '../contracts/constants.ts';
import { MSG } from '../contracts/messages.ts';
import type { Route } from './+types/root';
import './app.css';
import { BottomBar } from './components/shell/bottom-bar.tsx';
import { SiteFooter } from './components/shell/site-footer.tsx';
import { SiteHeader } from './components/shell/site-header.tsx';
import { ENHANCE_MESSAGE_KEYS, ENHANCE_MESSAGES_ID } from './enhance/messages.ts';
import { hydrates } from './lib/server-rendered.ts';
import { useRootData } from './lib/root-data.ts';
import { loadRootData } from './lib/root-data.server.ts';
import { roleOf } from './lib/shopper-parts.ts';

/**
 * The favicon, and the Cairo files the first screen of every page draws in (app.css): Arabic at
 * 400 for the text, 600 for the menus, labels and card titles, 700 for the headings, in about
 * equal parts. Preloaded, they are on their way before the stylesheet asks for them, and usually
 * arrive within the short wait `font-display: optional` gives them. The Latin files (prices,
 * dates) load when a page shows Latin text.
 */
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...[cairoArabic400, cairoArabic600, cairoArabic700].map((href) => ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' as const })),
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

/** The messages the enhancement script shows (app/enhance/messages.ts), `<` escaped for a script element. */
const ENHANCE_MESSAGES_JSON = JSON.stringify(Object.fromEntries(ENHANCE_MESSAGE_KEYS.map((key) => [key, MSG[key]]))).replace(/</g, '\\u003c');


export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const hydrate = hydrates(useMatches());
  return (
    <html lang="ar" dir="rtl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#123b6b" />
        <Meta />
        <Links />
      </head>
      {/* The enhancements read who is signed in from data-role (app/enhance/api.ts). */}
      <body className="flex min-h-screen flex-col" data-role={roleOf(root?.user)}>
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          تخطَّ إلى المحتوى
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <BottomBar />
        {hydrate && (
          <>
            {/*
              The page starts at the top on every path change (SPEC.md §2): React Router scrolls
              to the top after each navigation that pushes or replaces a history entry (a link, a
              GET form, a redirect) unless it passes preventScrollReset, and puts the reader back
              where they were on back, forward and reload. A scroll to the top of our own on path
              changes would undo that last part: it also runs when a reloaded page hydrates and
              after back. Pages that do not hydrate are documents: the browser does both.
            */}
            <ScrollRestoration nonce={root?.nonce} />
            <Scripts nonce={root?.nonce} />
          </>
        )}
        <script type="application/json" id={ENHANCE_MESSAGES_ID} dangerouslySetInnerHTML={{ __html: ENHANCE_MESSAGES_JSON }} />
        {root && <script type="module" src={root.enhanceScript} nonce={root.nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: STORE_NAME }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server logs its own errors (entry.server.tsx), without the parameters of a failed query.
  if (!notFound && typeof document !== 'undefined') console.error(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{notFound ? 'Page Not Found' : 'حدث خطأ'}</h1>
      <p className="text-muted">{notFound ? 'الصفحة التي تبحث عنها غير موجودة.' : MSG.serverError}</p>
      <a href="/" className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white">
        Back To Home
      </a>
    </section>
  );
}
