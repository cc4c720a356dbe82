/**
 * How a size chip looks: a native radio kept for screen readers and the keyboard, and its label
 * drawn as the chip. Shared by the product page's chips (size-chips.tsx) and the listing's size
 * sheet, which app/enhance/size-sheet.ts builds in the browser.
 */
export const CHIP =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-2 text-sm font-semibold transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500';
export const IN_STOCK =
  'cursor-pointer border-line bg-white text-ink peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-disabled:cursor-not-allowed peer-disabled:opacity-50';
export const SOLD_OUT = 'chip-struck cursor-not-allowed border-dashed border-muted/60 bg-surface text-muted';

