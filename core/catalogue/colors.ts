/** Colours: finding a product's colour by the name a shopper or a form gives, and the colours in use for a filter. */
import { sql, type SQL } from 'drizzle-orm';
import { COLOR_NAME_FOLD, foldColorName } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { productColors, products, productStock } from '../../db/schema.ts';

/** The colour named `name` (ignoring case, spaces and Arabic spelling variants: foldColorName), or undefined. */
export function findColor<C extends { name: string }>(colors: readonly C[], name: string | undefined): C | undefined {
  if (name === undefined) return undefined;
  const wanted = foldColorName(name);
  return colors.find((c) => foldColorName(c.name) === wanted);
}

/** A colour's name folded in SQL exactly as foldColorName folds it, to compare with a folded name. */
export const foldedColorName = (name: SQL): SQL =>
  sql`btrim(regexp_replace(translate(lower(${name}), ${COLOR_NAME_FOLD.from}, ${COLOR_NAME_FOLD.to}), '\\s+', ' ', 'g'))`;

/** A colour name in use in the catalogue, for a filter (API.md GET /products/colors). */
export interface ColorInUse {
  name: string;
  /** The swatch most products give this name. */
  hex: string;
  /** Available products with pieces in it. */
  products: number;
}

/**
 * Every colour name of the catalogue (one entry per name ignoring case and Arabic spelling
 * variants, named as most products name it) with the available products that have pieces in it,
 * most products first.
 */
export async function listColorsInUse(db: Db): Promise<ColorInUse[]> {
  const rows = await rowsOf<{ name: string; hex: string; products: number | string }>(
    db,
    sql`with stocked as (
          select ${foldedColorName(sql`pc.name`)} as key, pc.name, pc.hex, pc.product_id
          from ${productColors} pc
          join ${products} p on p.id = pc.product_id and p.available and p.quantity > 0
          where exists (select 1 from ${productStock} ps where ps.product_id = pc.product_id and ps.color_id = pc.id and ps.quantity > 0)
        ),
        names as (
          select key, name, count(*) as n, row_number() over (partition by key order by count(*) desc, name) as rank
          from stocked group by key, name
        ),
        hexes as (
          select key, hex, row_number() over (partition by key order by count(*) desc, hex) as rank
          from stocked group by key, hex
        )
        select names.name, hexes.hex, (select count(distinct product_id) from stocked s where s.key = names.key) as products
        from names join hexes on hexes.key = names.key and hexes.rank = 1
        where names.rank = 1
        order by products desc, names.name`,
  );
  return rows.map((r) => ({ name: r.name, hex: r.hex, products: Number(r.products) }));
}
