import { Link } from 'react-router';
import { STORE_NAME } from '../../../contracts/index.ts';

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
        <Link to="/" className="text-xl font-bold text-brand-700">
          {STORE_NAME}
        </Link>
      </div>
    </header>
  );
}
