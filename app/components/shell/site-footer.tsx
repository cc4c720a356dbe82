import { COPYRIGHT_YEAR, STORE_NAME } from '../../../contracts/index.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface py-6 text-center text-sm text-muted">
      © {COPYRIGHT_YEAR} {STORE_NAME}
    </footer>
  );
}
