/**
 * The root route's data (app/lib/root-data.server.ts) for the shell and any page that needs the
 * user or the categories: its own module, so the shell's components and the root route that
 * renders them do not import each other.
 */
import { useRouteLoaderData } from 'react-router';
import type { loadRootData } from './root-data.server.ts';

export type RootData = Awaited<ReturnType<typeof loadRootData>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loadRootData>('root');
}

/** The address images are served at: '' for the shop's own, or IMAGES_PUBLIC_URL (app/lib/images.ts). */
export function useImagesUrl(): string {
  return useRootData()?.imagesUrl ?? '';
}
