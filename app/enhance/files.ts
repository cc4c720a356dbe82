/** Shared by the build (scripts/enhance-plugin.ts) and the server (server/web.ts), which must not load the build's tools. */

/** The enhancement script's source, which Vite serves itself in development. */
export const ENHANCE_ENTRY = 'app/enhance/main.ts';
/** The file in the build folder that names the built enhancement script. */
export const ENHANCE_MANIFEST = 'enhance.json';
