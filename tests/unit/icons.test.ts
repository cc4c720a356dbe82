/**
 * The icon sprite the stylesheet points at (public/icons.svg, written by the build from
 * app/components/icons/css-plugin.ts): every icon of names.ts has its view, framing its own
 * 24-unit box of the sprite, and nothing else is in it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_ICONS, LUCIDE_ICONS } from '../../app/components/icons/names.ts';

const sprite = readFileSync(new URL('../../public/icons.svg', import.meta.url), 'utf8');
const views = [...sprite.matchAll(/<view id='([a-z-]+)' viewBox='0 (\d+) 24 24'\/>/g)].map((m) => ({ name: m[1]!, y: Number(m[2]) }));

describe('the icon sprite', () => {
  it('has one view for each icon the pages draw, in the order of names.ts', () => {
    expect(views.map((v) => v.name)).toEqual([...LUCIDE_ICONS, ...BRAND_ICONS]);
  });

  it('frames each icon in its own box, 32 units below the one before, with the icon drawn at that place', () => {
    views.forEach((view, index) => {
      expect(view.y).toBe(index * 32);
      expect(sprite).toContain(`<view id='${view.name}' viewBox='0 ${view.y} 24 24'/><g transform='translate(0 ${view.y})'`);
    });
    expect(sprite).toMatch(new RegExp(`^<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 ${views.length * 32}'>`));
  });
});
