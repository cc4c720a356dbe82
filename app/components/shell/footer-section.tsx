import { Icon } from '../icons/icon.tsx';

/**
 * A footer column that is an accordion on small screens (SPEC.md §2). It is a <details>, so it
 * opens without JavaScript; from the lg breakpoint it shows as an open column: newer browsers
 * through `::details-content`, older ones once the enhancement script runs (app/enhance/menus.ts).
 */
export function FooterSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details data-enhance="footer-section" className="group border-b border-line open:pb-4 lg:border-none lg:pb-0 lg:[&::details-content]:[content-visibility:visible]">
      <summary
        className="flex min-h-12 cursor-pointer list-none items-center justify-between font-bold text-ink lg:min-h-0 lg:cursor-default lg:pb-3 [&::-webkit-details-marker]:hidden"
      >
        <h2 className="text-base">{title}</h2>
        <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180 lg:hidden" />
      </summary>
      {children}
    </details>
  );
}
