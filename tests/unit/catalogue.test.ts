import { describe, expect, it } from 'vitest';
import { AGES, DESCRIPTION_MAX, HOME_CATEGORY_NAMES, PRICE_BANDS, ProductFieldsSchema, SEASONS, SIZES } from '../../contracts/index.ts';
import { seedCategories, seedProducts } from '../../seed/catalogue.ts';
import { drawCategoryTile, drawGarment } from '../../seed/garments.ts';

describe('the demo catalogue', () => {
  it('has the home page categories among at least eight', () => {
    const names = seedCategories.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of HOME_CATEGORY_NAMES) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has at least 80 products, each valid for the admin form', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(80);
    const categoryKeys = new Set(seedCategories.map((c) => c.key));
    for (const p of seedProducts) {
      expect(categoryKeys.has(p.categoryKey)).toBe(true);
      const parsed = ProductFieldsSchema.safeParse({ ...p, category: '00000000-0000-4000-8000-000000000000', availability: p.available });
      expect(parsed.error?.issues ?? [], p.title).toEqual([]);
      expect(p.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      for (const size of p.availableSizes) expect(SIZES).toContain(size);
    }
    expect(new Set(seedProducts.map((p) => p.title)).size).toBe(seedProducts.length);
    expect(new Set(seedProducts.map((p) => p.barcode)).size).toBe(seedProducts.length);
  });

  it('has a few products in two or three colours, with pieces of every size in each, valid for the admin form', () => {
    const coloured = seedProducts.filter((p) => p.colours);
    expect(coloured.length).toBeGreaterThanOrEqual(3);
    for (const p of coloured) {
      expect(p.colours!.length, p.title).toBeGreaterThanOrEqual(2);
      expect(p.colours!.length, p.title).toBeLessThanOrEqual(3);
      for (const colour of p.colours!) expect(Object.keys(colour.stock).sort(), colour.name).toEqual([...p.availableSizes].sort());
      const parsed = ProductFieldsSchema.safeParse({
        ...p,
        category: '00000000-0000-4000-8000-000000000000',
        availability: p.available,
        colors: p.colours!.map((colour) => ({ name: colour.name, hex: colour.hex, images: [] })),
        stock: Object.fromEntries(p.colours!.map((colour) => [colour.name, colour.stock])),
      });
      expect(parsed.error?.issues ?? [], p.title).toEqual([]);
    }
  });

  it('spreads over men and children, every season and every price band', () => {
    for (const age of AGES) expect(seedProducts.some((p) => p.age === age)).toBe(true);
    for (const season of SEASONS) expect(seedProducts.some((p) => p.season === season)).toBe(true);
    const price = (p: (typeof seedProducts)[number]) => p.priceAfterDiscount;
    expect(seedProducts.some((p) => price(p) <= PRICE_BANDS.less149)).toBe(true);
    expect(seedProducts.some((p) => price(p) > PRICE_BANDS.less149 && price(p) <= PRICE_BANDS.less199)).toBe(true);
    expect(seedProducts.some((p) => price(p) > PRICE_BANDS.less199 && price(p) <= PRICE_BANDS.offers)).toBe(true);
    expect(seedProducts.some((p) => price(p) > PRICE_BANDS.offers)).toBe(true);
  });

  it('has discounts, sale labels and sold-out pieces', () => {
    expect(seedProducts.some((p) => p.priceAfterDiscount < p.price)).toBe(true);
    expect(seedProducts.some((p) => p.sale !== '')).toBe(true);
    expect(seedProducts.some((p) => p.quantity === 0)).toBe(true);
  });

  it('draws every garment and tile as an SVG without text', () => {
    for (const kind of new Set(seedProducts.map((p) => p.garment))) {
      const svg = drawGarment(kind, { colour: '#336699' });
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1200 1800"/);
      expect(svg).not.toMatch(/<text/);
      expect(drawCategoryTile(kind, '#336699')).toMatch(/^<svg [^>]*viewBox="0 0 800 800"/);
    }
  });
});
