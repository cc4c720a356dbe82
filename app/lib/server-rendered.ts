/**
 * Pages that do not hydrate (docs/decisions/010). Their route module exports both:
 *
 *   export const handle = SERVER_RENDERED;
 *   export const clientLoader = loadAsDocument;
 *
 * The layout leaves out React Router's scripts on such a page; its interactive parts are
 * behaviours of the enhancement script (app/enhance), named by `data-enhance` attributes.
 *
 * Such a route needs a server `loader`, even one that returns null: with a clientLoader and no
 * loader, React Router renders the route's HydrateFallback on the server instead of the page.
 */
import { redirectDocument, type ClientLoaderFunctionArgs, type UIMatch } from 'react-router';

export interface RouteHandle {
  /** False: the page is sent without React's scripts and works as HTML plus app/enhance. */
  hydrate?: boolean;
}

export const SERVER_RENDERED: RouteHandle = { hydrate: false };

/**
 * A hydrated page that links or submits here loads this page as a document instead of
 * rendering it in the browser, so it arrives as the server renders it, enhancements and all.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): never {
  throw redirectDocument(request.url);
}

/** True when every route of the page lets it hydrate. */
export function hydrates(matches: UIMatch[]): boolean {
  return matches.every((match) => (match.handle as RouteHandle | undefined)?.hydrate !== false);
}
