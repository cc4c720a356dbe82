/**
 * The home banner on narrow screens: each slide's heading and button keep clear of its drawn
 * art (the sun, the shirts, the percent sign), which on a phone sits beside the text instead of
 * under it.
 */
import { expect, test } from './pages/test.ts';
import { HomePage } from './pages/shell.ts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const width of [390, 640]) {
  test(`at ${width} px no slide's heading or button runs into its art`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const home = new HomePage(page);
    await home.goto();
    await page.evaluate(() => document.fonts.ready);
    for (const number of [1, 2, 3]) {
      const slide = home.slide(number);
      const boxes = await slide.evaluate((element) => {
        const box = (e: Element) => {
          const { left, right, top, bottom } = e.getBoundingClientRect();
          return { left, right, top, bottom };
        };
        const art = element.querySelector('svg[preserveAspectRatio^="xMinYMid"]');
        return {
          heading: box(element.querySelector('h2')!),
          button: box(element.querySelector('a')!),
          shapes: [...(art?.querySelectorAll('circle, path, rect, text') ?? [])].map(box),
        };
      });
      expect(boxes.shapes.length, `slide ${number} has its art`).toBeGreaterThan(0);
      for (const [name, text] of [['heading', boxes.heading], ['button', boxes.button]] as const) {
        const hits = boxes.shapes.filter((shape) => overlaps(shape, text));
        expect(hits, `slide ${number}: the ${name} ${JSON.stringify(text)} against the art`).toEqual([]);
      }
    }
  });
}
