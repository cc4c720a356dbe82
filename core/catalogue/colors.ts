/** Finding a product's colour by the name a shopper or a form gives. */

/** The colour named `name` (ignoring case and spaces around it), or undefined. */
export function findColor<C extends { name: string }>(colors: readonly C[], name: string | undefined): C | undefined {
  if (name === undefined) return undefined;
  const wanted = name.trim().toLocaleLowerCase();
  return colors.find((c) => c.name.toLocaleLowerCase() === wanted);
}
