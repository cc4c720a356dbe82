/** Prices are pounds with at most two decimals; sums are done in piastres so they stay exact. */
export const toPiastres = (pounds: number): number => Math.round(pounds * 100);
export const toPounds = (piastres: number): number => piastres / 100;

/** The exact sum of count × unit price over lines. */
export function sumLines(lines: { price: number; count: number }[]): number {
  return toPounds(lines.reduce((sum, line) => sum + toPiastres(line.price) * line.count, 0));
}
