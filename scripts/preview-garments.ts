/**
 * Renders the seed artwork into contact sheets, to judge the drawings by eye:
 *   tmp/garments.png        every kind: two colours, a pattern, the back and the detail view
 *   tmp/garments-cards.png  a few at product-card size (417x555) and the category tiles
 * Usage: npx tsx scripts/preview-garments.ts [kind ...]   (no kinds: all of them)
 */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { drawCategoryTile, drawGarment, type GarmentKind, type GarmentStyle } from '../seed/garments.ts';

const KINDS: GarmentKind[] = ['tshirt', 'shirt', 'polo', 'trousers', 'jeans', 'shorts', 'hoodie', 'jacket', 'sweatshirt', 'kids-set'];

/** Per kind: two plain colours, then a patterned one. */
const SAMPLES: Record<GarmentKind, [GarmentStyle, GarmentStyle, GarmentStyle]> = {
  tshirt: [{ colour: '#1f2a44' }, { colour: '#f4f1ea' }, { colour: '#f4f1ea', accent: '#1f2a44', pattern: 'stripes' }],
  shirt: [{ colour: '#cfe0f2' }, { colour: '#ffffff' }, { colour: '#f2f2ee', accent: '#b23a3a', pattern: 'checks' }],
  polo: [{ colour: '#2e6b4f' }, { colour: '#c8102e' }, { colour: '#ffffff', accent: '#24324d', pattern: 'stripes' }],
  trousers: [{ colour: '#c8b48a' }, { colour: '#2f3a4a' }, { colour: '#8a8f96', accent: '#5e636a', pattern: 'checks' }],
  jeans: [{ colour: '#3b5d8f' }, { colour: '#1e2a3d' }, { colour: '#7d9cc4' }],
  shorts: [{ colour: '#d9c7a3' }, { colour: '#4a5a3a' }, { colour: '#f0ede5', accent: '#3d6fb5', pattern: 'stripes' }],
  hoodie: [{ colour: '#6b6f76' }, { colour: '#1b1b1d' }, { colour: '#8c2f39', accent: '#e8e4da' }],
  jacket: [{ colour: '#4b5320' }, { colour: '#1c2333' }, { colour: '#8b5a2b', accent: '#3a2a1a', pattern: 'checks' }],
  sweatshirt: [{ colour: '#a7b8c8' }, { colour: '#d8cfc0' }, { colour: '#23314d', accent: '#f3efe6', pattern: 'stripes' }],
  'kids-set': [{ colour: '#f6c445', accent: '#2b4c7e' }, { colour: '#8fd0e8', accent: '#e85d3f' }, { colour: '#ffffff', accent: '#d6443a', pattern: 'stripes' }],
};

async function renderPng(svg: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'cover' }).png().toBuffer();
}

async function composeSheet(path: string, cells: Promise<Buffer>[], columns: number, cellW: number, cellH: number): Promise<void> {
  const gap = 8;
  const rows = Math.ceil(cells.length / columns);
  const images = await Promise.all(cells);
  await sharp({
    create: {
      width: columns * (cellW + gap) + gap,
      height: rows * (cellH + gap) + gap,
      channels: 3,
      background: '#9a9a9a',
    },
  })
    .composite(
      images.map((input, i) => ({
        input,
        left: gap + (i % columns) * (cellW + gap),
        top: gap + Math.floor(i / columns) * (cellH + gap),
      })),
    )
    .png()
    .toFile(path);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const kinds = wanted.length ? KINDS.filter((k) => wanted.includes(k)) : KINDS;
  await mkdir('tmp', { recursive: true });

  const sheet = kinds.flatMap((kind) => {
    const [first, second, patterned] = SAMPLES[kind];
    return [first, second, patterned, { ...first, view: 'back' as const }, { ...first, view: 'detail' as const }].map((style) =>
      renderPng(drawGarment(kind, style), 240, 360),
    );
  });
  await composeSheet('tmp/garments.png', sheet, 5, 240, 360);

  const cards = kinds.flatMap((kind) => [
    renderPng(drawGarment(kind, SAMPLES[kind][0]), 417, 555),
    renderPng(drawCategoryTile(kind, SAMPLES[kind][0].colour), 417, 417),
  ]);
  await composeSheet('tmp/garments-cards.png', cards, 4, 417, 555);
  console.log(`wrote tmp/garments.png (${sheet.length} renders) and tmp/garments-cards.png (${cards.length})`);
}

await main();
