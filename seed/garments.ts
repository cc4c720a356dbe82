/**
 * Product artwork for the demo catalogue, drawn as SVG so the seed needs no downloads.
 * Every garment is drawn in one 1200x1800 space (the zoom image's size) and styled like a
 * ghost-mannequin studio shot: flat colour or pattern, then soft light and shadow on top.
 */

export type GarmentKind =
  | 'tshirt'
  | 'shirt'
  | 'polo'
  | 'trousers'
  | 'jeans'
  | 'shorts'
  | 'hoodie'
  | 'jacket'
  | 'sweatshirt'
  | 'kids-set';
export type Pattern = 'plain' | 'stripes' | 'checks';
export interface GarmentStyle {
  colour: string;
  accent?: string;
  pattern?: Pattern;
  view?: 'front' | 'back' | 'detail';
}

type View = 'front' | 'back';
type Pt = readonly [number, number];
type Box = readonly [x: number, y: number, width: number, height: number];

const WIDTH = 1200;
const HEIGHT = 1800;
const CX = WIDTH / 2;

// ---------------------------------------------------------------- colour

function parseHex(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  if (!/^[0-9a-f]{6}/i.test(h) || Number.isNaN(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  const part = (v = 0) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Blends two colours; t = 0 gives a, t = 1 gives b. */
function mixColours(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((v, i) => v + ((cb[i] ?? v) - v) * t));
}

/** Lightens (amount > 0, towards white) or darkens (amount < 0, towards black). */
function shadeColour(hex: string, amount: number): string {
  return amount >= 0 ? mixColours(hex, '#ffffff', amount) : mixColours(hex, '#000000', -amount);
}

/** Relative luminance, 0 (black) to 1 (white). */
function measureLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A second colour that reads against the first, for patterns and trims with no accent given. */
function pickContrast(hex: string): string {
  return measureLuminance(hex) > 0.35 ? '#23314d' : '#f3efe6';
}

// ---------------------------------------------------------------- geometry

const fmt = (n: number) => String(Math.round(n * 10) / 10);
const pt = (p: Pt) => `${fmt(p[0])} ${fmt(p[1])}`;
const mirrorPt = (p: Pt): Pt => [2 * CX - p[0], p[1]];
const addPts = (a: Pt, b: Pt): Pt => [a[0] + b[0], a[1] + b[1]];
const subPts = (a: Pt, b: Pt): Pt => [a[0] - b[0], a[1] - b[1]];
const scalePt = (a: Pt, k: number): Pt => [a[0] * k, a[1] * k];
const lerpPts = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const unitPt = (a: Pt): Pt => scalePt(a, 1 / (Math.hypot(a[0], a[1]) || 1));

/** One path segment: a line, or a quadratic (c1) or cubic (c1, c2) curve. */
interface Seg {
  to: Pt;
  c1?: Pt;
  c2?: Pt;
}

function writeSeg(s: Seg): string {
  if (s.c1 && s.c2) return `C${pt(s.c1)} ${pt(s.c2)} ${pt(s.to)}`;
  if (s.c1) return `Q${pt(s.c1)} ${pt(s.to)}`;
  return `L${pt(s.to)}`;
}

function writePath(start: Pt, segs: readonly Seg[], close = false): string {
  return `M${pt(start)}${segs.map(writeSeg).join('')}${close ? 'Z' : ''}`;
}

/**
 * A closed outline symmetric about the centre line, from only its right half: `start` and the
 * last segment's end must lie on x = CX; the left half is the right half mirrored and reversed.
 */
function writeSymmetricPath(start: Pt, half: readonly Seg[]): string {
  const starts: Pt[] = [];
  let from = start;
  for (const s of half) {
    starts.push(from);
    from = s.to;
  }
  const back: Seg[] = [];
  for (let i = half.length - 1; i >= 0; i--) {
    const s = half[i]!;
    const to = mirrorPt(starts[i]!);
    if (s.c1 && s.c2) back.push({ c1: mirrorPt(s.c2), c2: mirrorPt(s.c1), to });
    else if (s.c1) back.push({ c1: mirrorPt(s.c1), to });
    else back.push({ to });
  }
  return writePath(start, [...half, ...back], true);
}

/** An open curve symmetric about the centre line, from its right half (start on x = CX). */
function writeSymmetricCurve(start: Pt, half: readonly Seg[]): string {
  const points: Pt[] = [start, ...half.map((s) => s.to)];
  const left: Seg[] = [];
  for (let i = half.length - 1; i >= 0; i--) {
    const s = half[i]!;
    const to = mirrorPt(points[i]!);
    if (s.c1 && s.c2) left.push({ c1: mirrorPt(s.c2), c2: mirrorPt(s.c1), to });
    else if (s.c1) left.push({ c1: mirrorPt(s.c1), to });
    else left.push({ to });
  }
  return writePath(mirrorPt(points[points.length - 1]!), [...left, ...half]);
}

const MIRROR = `matrix(-1 0 0 1 ${WIDTH} 0)`;

/** Draws a right-side piece on both sides. */
function drawBothSides(markup: string): string {
  return `${markup}<g transform="${MIRROR}">${markup}</g>`;
}

// ---------------------------------------------------------------- sketch context

/** Collects the <defs> of one drawing and hands out ids unique within it. */
class Sketch {
  private readonly defs: string[] = [];
  private count = 0;
  private outline: string[] = [];
  readonly shadeAcross: string;
  readonly shadeDown: string;
  readonly glow: string;
  readonly rib: string;

  constructor() {
    // Light from the front-left: a lit crown left of centre, both edges falling into shade.
    this.shadeAcross = this.define(
      'across',
      (id) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
        `<stop offset="0" stop-color="#000" stop-opacity=".30"/>` +
        `<stop offset=".12" stop-color="#000" stop-opacity=".08"/>` +
        `<stop offset=".38" stop-color="#fff" stop-opacity=".10"/>` +
        `<stop offset=".6" stop-color="#fff" stop-opacity="0"/>` +
        `<stop offset=".88" stop-color="#000" stop-opacity=".10"/>` +
        `<stop offset="1" stop-color="#000" stop-opacity=".32"/></linearGradient>`,
    );
    this.shadeDown = this.define(
      'down',
      (id) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
        `<stop offset="0" stop-color="#fff" stop-opacity=".08"/>` +
        `<stop offset=".5" stop-color="#fff" stop-opacity="0"/>` +
        `<stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>`,
    );
    this.glow = this.define(
      'glow',
      (id) =>
        `<radialGradient id="${id}" cx=".42" cy=".28" r=".5">` +
        `<stop offset="0" stop-color="#fff" stop-opacity=".16"/>` +
        `<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    this.rib = this.define(
      'rib',
      (id) =>
        `<pattern id="${id}" patternUnits="userSpaceOnUse" width="9" height="9">` +
        `<rect width="4" height="9" fill="#000" fill-opacity=".13"/>` +
        `<rect x="4" width="1.5" height="9" fill="#fff" fill-opacity=".10"/></pattern>`,
    );
  }

  define(name: string, build: (id: string) => string): string {
    const id = `${name}${++this.count}`;
    this.defs.push(build(id));
    return id;
  }

  /** Adds a piece's outline to the silhouette that casts the garment's shadow. */
  trace(d: string): void {
    this.outline.push(`<path d="${d}"/>`);
  }

  /** Runs a drawing and also traces its outline under the same transform. */
  traceWithin(transform: string, draw: () => string): string {
    const saved = this.outline;
    this.outline = [];
    const markup = draw();
    const traced = this.outline.join('');
    this.outline = saved;
    this.outline.push(`<g transform="${transform}">${traced}</g>`);
    return `<g transform="${transform}">${markup}</g>`;
  }

  /** Runs a right-side drawing and mirrors it, outline included, to the left. */
  traceBothSides(draw: () => string): string {
    const saved = this.outline;
    this.outline = [];
    const markup = draw();
    const traced = this.outline.join('');
    this.outline = saved;
    this.outline.push(traced, `<g transform="${MIRROR}">${traced}</g>`);
    return drawBothSides(markup);
  }

  writeOutline(): string {
    return this.outline.join('');
  }

  defineClip(d: string): string {
    return this.define('clip', (id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  }

  writeDefs(): string {
    return `<defs>${this.defs.join('')}</defs>`;
  }
}

// ---------------------------------------------------------------- fabric

interface Fabric {
  base: string;
  /** The paint of the cloth: the colour, or a pattern over it. */
  fill: string;
  accent: string;
  inside: string;
  seam: string;
  stitch: string;
  trim: string;
}

function prepareFabric(sk: Sketch, colour: string, style: GarmentStyle, stripesRun: 'across' | 'down' = 'across'): Fabric {
  const accent = style.accent ?? pickContrast(colour);
  const dark = measureLuminance(colour) < 0.06;
  let fill = colour;
  if (style.pattern === 'stripes') fill = `url(#${sk.define('stripes', (id) => writeStripes(id, colour, accent, stripesRun))})`;
  if (style.pattern === 'checks') fill = `url(#${sk.define('checks', (id) => writeChecks(id, colour, accent))})`;
  return {
    base: colour,
    fill,
    accent,
    inside: shadeColour(colour, dark ? -0.5 : -0.42),
    seam: shadeColour(colour, -0.4),
    stitch: dark ? shadeColour(colour, 0.3) : shadeColour(colour, -0.3),
    trim: shadeColour(colour, -0.05),
  };
}

function writeStripes(id: string, colour: string, accent: string, run: 'across' | 'down'): string {
  const size = run === 'across' ? 52 : 34;
  const band = run === 'across' ? 17 : 7;
  const stripe =
    run === 'across'
      ? `<rect y="${size - band}" width="${size}" height="${band}" fill="${accent}"/>`
      : `<rect x="${size - band}" width="${band}" height="${size}" fill="${accent}"/>`;
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${colour}"/>${stripe}</pattern>`;
}

function writeChecks(id: string, colour: string, accent: string): string {
  const s = 60;
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${s}" height="${s}">` +
    `<rect width="${s}" height="${s}" fill="${colour}"/>` +
    `<rect width="${s}" height="22" fill="${accent}" fill-opacity=".55"/>` +
    `<rect width="22" height="${s}" fill="${accent}" fill-opacity=".55"/>` +
    `<rect y="40" width="${s}" height="3" fill="${accent}" fill-opacity=".45"/>` +
    `<rect x="40" width="3" height="${s}" fill="${accent}" fill-opacity=".45"/>` +
    `<rect y="29" width="${s}" height="2" fill="#fff" fill-opacity=".35"/>` +
    `<rect x="29" width="2" height="${s}" fill="#fff" fill-opacity=".35"/></pattern>`
  );
}

/**
 * A piece of cloth: its paint, then light and shade over it, then whatever sits on it
 * (seams, folds, ribbing), clipped to the piece so nothing spills past its edge.
 */
function drawPanel(sk: Sketch, d: string, paint: string, on = '', tone = 0): string {
  const clip = sk.defineClip(d);
  sk.trace(d);
  const toneLayer =
    tone !== 0 ? `<path d="${d}" fill="${tone < 0 ? '#000' : '#fff'}" fill-opacity="${Math.abs(tone)}"/>` : '';
  return (
    `<path d="${d}" fill="${paint}"/>` +
    `<g clip-path="url(#${clip})">${toneLayer}` +
    `<path d="${d}" fill="url(#${sk.shadeAcross})"/>` +
    `<path d="${d}" fill="url(#${sk.shadeDown})"/>${on}</g>`
  );
}

/** Soft creases: a blurred shadow with a lit ridge beside it. */
/**
 * A soft line without a blur filter: nested strokes, widest faintest, build a feathered edge.
 * librsvg blurs slowly, and a garment has dozens of folds.
 */
function drawSoftStroke(d: string, colour: string, opacity: number, width: number, shift = ''): string {
  const layers = [3.4, 2.6, 1.9, 1.3, 0.7]
    .map((k) => `<path d="${d}" stroke-width="${fmt(width * k)}"/>`)
    .join('');
  const transform = shift ? ` transform="${shift}"` : '';
  return `<g fill="none" stroke="${colour}" stroke-opacity="${(opacity / 4).toFixed(3)}" stroke-linecap="round" stroke-linejoin="round"${transform}>${layers}</g>`;
}

/** A shape's cast shadow, feathered like drawSoftStroke. */
function drawSoftShadow(d: string, opacity: number, shift = ''): string {
  const layers = [26, 16, 8, 0].map((w) => `<path d="${d}" stroke-width="${w}"/>`).join('');
  const transform = shift ? ` transform="${shift}"` : '';
  return `<g fill="#000" fill-opacity="${(opacity / 3).toFixed(3)}" stroke="#000" stroke-opacity="${(opacity / 5).toFixed(3)}" stroke-linejoin="round"${transform}>${layers}</g>`;
}

/** Soft creases: a shadow with a lit ridge beside it. */
function drawFolds(paths: readonly string[], strength = 1, width = 16): string {
  return paths
    .map((d) => drawSoftStroke(d, '#000', 0.11 * strength, width) + drawSoftStroke(d, '#fff', 0.08 * strength, width * 0.6, 'translate(-12 -6)'))
    .join('');
}

function drawStitch(d: string, colour: string, width = 2.6): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="8 6" stroke-linecap="round" stroke-opacity=".85"/>`;
}

/** A sewn seam: a dark groove with a lit edge. */
function drawSeam(d: string, fab: Fabric, width = 3): string {
  return (
    `<path d="${d}" fill="none" stroke="${fab.seam}" stroke-width="${width}" stroke-opacity=".7"/>` +
    `<path d="${d}" transform="translate(2 1)" fill="none" stroke="#fff" stroke-width="${width * 0.6}" stroke-opacity=".14"/>`
  );
}

/** Knit ribbing along a curve: a wide stroke whose dashes become the ribs, so they follow the curve. */
function drawRibStroke(d: string, colour: string, width: number): string {
  return (
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"/>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".14" stroke-width="${width}" stroke-dasharray="4 5"/>`
  );
}

function drawButton(c: Pt, r: number, colour: string, holes = 4): string {
  const rim = shadeColour(colour, -0.3);
  const h = r * 0.32;
  const dots =
    holes === 4
      ? [
          [-h, -h],
          [h, -h],
          [-h, h],
          [h, h],
        ]
      : [
          [-h, 0],
          [h, 0],
        ];
  return (
    `<circle cx="${fmt(c[0] + 2)}" cy="${fmt(c[1] + 4)}" r="${fmt(r)}" fill="#000" fill-opacity=".25"/>` +
    `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(r)}" fill="${colour}" stroke="${rim}" stroke-width="1.5"/>` +
    `<circle cx="${fmt(c[0] - r * 0.25)}" cy="${fmt(c[1] - r * 0.3)}" r="${fmt(r * 0.55)}" fill="#fff" fill-opacity=".28"/>` +
    dots
      .map(([x = 0, y = 0]) => `<circle cx="${fmt(c[0] + x)}" cy="${fmt(c[1] + y)}" r="${fmt(r * 0.13)}" fill="${rim}"/>`)
      .join('')
  );
}

/** A metal shank button or rivet. */
function drawRivet(c: Pt, r: number, metal = '#b8893f'): string {
  return (
    `<circle cx="${fmt(c[0] + 2)}" cy="${fmt(c[1] + 3)}" r="${fmt(r)}" fill="#000" fill-opacity=".3"/>` +
    `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(r)}" fill="${shadeColour(metal, -0.25)}"/>` +
    `<circle cx="${fmt(c[0])}" cy="${fmt(c[1])}" r="${fmt(r * 0.78)}" fill="${metal}"/>` +
    `<circle cx="${fmt(c[0] - r * 0.25)}" cy="${fmt(c[1] - r * 0.3)}" r="${fmt(r * 0.32)}" fill="#fff" fill-opacity=".55"/>`
  );
}

// ---------------------------------------------------------------- tops

interface TopCut {
  neckHalf: number;
  neckY: number;
  frontDrop: number;
  backDrop: number;
  shoulderHalf: number;
  shoulderY: number;
  armpitHalf: number;
  armpitY: number;
  hemHalf: number;
  hemY: number;
  /** How much higher the hem sits at the sides than at the centre (a shirt's tails). */
  hemCurve: number;
}

interface SleeveCut {
  /** Degrees out from hanging straight down. */
  angle: number;
  length: number;
  topHalf: number;
  endHalf: number;
}

const TEE_CUT: TopCut = {
  neckHalf: 90,
  neckY: 392,
  frontDrop: 70,
  backDrop: 16,
  shoulderHalf: 248,
  shoulderY: 442,
  armpitHalf: 262,
  armpitY: 672,
  hemHalf: 268,
  hemY: 1345,
  hemCurve: 0,
};
const SHORT_SLEEVE: SleeveCut = { angle: 50, length: 215, topHalf: 118, endHalf: 98 };
const LONG_SLEEVE: SleeveCut = { angle: 11, length: 650, topHalf: 104, endHalf: 64 };

function neckPoint(c: TopCut): Pt {
  return [CX + c.neckHalf, c.neckY];
}

/** The neckline's right half, from the centre to the shoulder. */
function shapeNeckline(c: TopCut, drop: number): Seg {
  return {
    c1: [CX + c.neckHalf * 0.6, c.neckY + drop],
    c2: [CX + c.neckHalf * 0.96, c.neckY + drop * 0.5],
    to: neckPoint(c),
  };
}

function writeNeckline(c: TopCut, drop: number): string {
  return writeSymmetricCurve([CX, c.neckY + drop], [shapeNeckline(c, drop)]);
}

/** The hem's right half, from the side to the centre. */
function shapeHem(c: TopCut, hemY: number): Seg {
  return {
    c1: [CX + c.hemHalf * 0.75, hemY + c.hemCurve * 0.05],
    c2: [CX + c.hemHalf * 0.4, hemY + c.hemCurve],
    to: [CX, hemY + c.hemCurve],
  };
}

function writeTorso(c: TopCut, drop: number, hemY = c.hemY): string {
  const sideY = hemY;
  return writeSymmetricPath(
    [CX, c.neckY + drop],
    [
      shapeNeckline(c, drop),
      { c1: [CX + c.neckHalf + (c.shoulderHalf - c.neckHalf) * 0.5, c.neckY + 12], to: [CX + c.shoulderHalf, c.shoulderY] },
      {
        c1: [CX + c.shoulderHalf - 10, c.shoulderY + (c.armpitY - c.shoulderY) * 0.45],
        c2: [CX + c.armpitHalf - 8, c.armpitY - 50],
        to: [CX + c.armpitHalf, c.armpitY],
      },
      {
        c1: [CX + c.armpitHalf - 12, c.armpitY + 260],
        c2: [CX + c.hemHalf, sideY - 260],
        to: [CX + c.hemHalf, sideY],
      },
      shapeHem(c, hemY),
    ],
  );
}

function writeHemLine(c: TopCut, hemY: number): string {
  return writeSymmetricCurve([CX, hemY + c.hemCurve], [reverseSeg([CX + c.hemHalf + 4, hemY], shapeHem(c, hemY))]);
}

/** The same curve run the other way, given the point it started from. */
function reverseSeg(from: Pt, s: Seg): Seg {
  if (s.c1 && s.c2) return { c1: s.c2, c2: s.c1, to: from };
  if (s.c1) return { c1: s.c1, to: from };
  return { to: from };
}

interface SleeveGeo {
  d: string;
  /** Along the outer and under edges, 0 at the armhole, 1 at the opening. */
  outerAt(t: number): Pt;
  innerAt(t: number): Pt;
  along: Pt;
  across: Pt;
}

function shapeSleeve(c: TopCut, s: SleeveCut): SleeveGeo {
  const shoulder: Pt = [CX + c.shoulderHalf, c.shoulderY];
  const armpit: Pt = [CX + c.armpitHalf, c.armpitY];
  const rad = (s.angle * Math.PI) / 180;
  const along: Pt = [Math.sin(rad), Math.cos(rad)];
  const across: Pt = [Math.cos(rad), -Math.sin(rad)];
  const root: Pt = [shoulder[0] + 6, (shoulder[1] + armpit[1]) / 2];
  const end = addPts(root, scalePt(along, s.length));
  const outerTop = addPts(addPts(root, scalePt(across, s.topHalf)), scalePt(along, 30));
  const outerEnd = addPts(end, scalePt(across, s.endHalf));
  const innerEnd = addPts(end, scalePt(across, -s.endHalf));
  const shoulderDir = unitPt(subPts(shoulder, neckPoint(c)));
  const hidden: Pt = [armpit[0] - 50, armpit[1] - 40];
  const outerMid = addPts(lerpPts(outerTop, outerEnd, 0.5), scalePt(across, 6));
  const d = writePath(
    shoulder,
    [
      { c1: addPts(shoulder, scalePt(shoulderDir, 50)), c2: subPts(outerTop, scalePt(along, 30)), to: outerTop },
      { c1: outerMid, to: outerEnd },
      { c1: addPts(end, scalePt(along, 6)), to: innerEnd },
      { to: armpit },
      { to: hidden },
    ],
    true,
  );
  return {
    d,
    outerAt: (t) => lerpPts(outerTop, outerEnd, t),
    innerAt: (t) => lerpPts(armpit, innerEnd, t),
    along,
    across,
  };
}

type SleeveEnd = 'hem' | 'rib' | 'cuff' | 'band';

/** One sleeve, on the right; drawn on the left too by the caller. */
function drawSleeve(sk: Sketch, fab: Fabric, c: TopCut, s: SleeveCut, end: SleeveEnd, trim?: string): string {
  const g = shapeSleeve(c, s);
  const line = (a: Pt, b: Pt) => `M${pt(a)}L${pt(b)}`;
  const across = (t: number) => line(g.outerAt(t), g.innerAt(t));
  let on = '';
  const long = s.length > 400;
  on += drawFolds(
    long
      ? [
          `M${pt(g.outerAt(0.42))}Q${pt(addPts(lerpPts(g.outerAt(0.42), g.innerAt(0.5), 0.5), [0, 25]))} ${pt(g.innerAt(0.52))}`,
          `M${pt(g.outerAt(0.7))}Q${pt(addPts(lerpPts(g.outerAt(0.7), g.innerAt(0.74), 0.5), [0, 20]))} ${pt(g.innerAt(0.74))}`,
          `M${pt(lerpPts(g.outerAt(0.1), g.innerAt(0.1), 0.55))}L${pt(lerpPts(g.outerAt(0.35), g.innerAt(0.35), 0.6))}`,
        ]
      : [`M${pt(lerpPts(g.outerAt(0.15), g.innerAt(0.15), 0.7))}Q${pt(lerpPts(g.outerAt(0.5), g.innerAt(0.5), 0.5))} ${pt(g.outerAt(0.75))}`],
    0.9,
  );
  on += drawSeam(`M${pt(g.outerAt(0.02))}L${pt(g.outerAt(0.98))}`, fab, 2);
  const endBand = (depth: number) => {
    const t = 1 - depth / s.length;
    return writePath(g.outerAt(t), [{ to: addPts(g.outerAt(1), scalePt(g.along, 40)) }, { to: addPts(g.innerAt(1), scalePt(g.along, 40)) }, { to: g.innerAt(t) }], true);
  };
  if (end === 'hem') {
    on += drawStitch(across(1 - 30 / s.length), fab.stitch) + drawStitch(across(1 - 40 / s.length), fab.stitch);
  } else if (end === 'band') {
    const band = endBand(44);
    on += `<path d="${band}" fill="${trim ?? fab.trim}"/><path d="${band}" fill="url(#${sk.rib})"/>` + drawSeam(across(1 - 44 / s.length), fab, 2.5);
  } else if (end === 'rib') {
    const band = endBand(95);
    on +=
      `<path d="${band}" fill="${trim ?? fab.trim}"/><path d="${band}" fill="url(#${sk.rib})"/>` +
      drawFolds([across(1 - 100 / s.length)], 1.1, 12) +
      drawSeam(across(1 - 95 / s.length), fab, 2.5);
  } else {
    const band = endBand(100);
    on +=
      `<path d="${band}" fill="${fab.fill}"/><path d="${band}" fill="#000" fill-opacity=".05"/>` +
      drawSeam(across(1 - 100 / s.length), fab, 2.5) +
      drawStitch(across(1 - 88 / s.length), fab.stitch) +
      drawStitch(across(1 - 12 / s.length), fab.stitch) +
      drawButton(lerpPts(g.outerAt(1 - 50 / s.length), g.innerAt(1 - 50 / s.length), 0.3), 11, shadeColour(fab.base, 0.75), 4) +
      // The sleeve placket slit above the cuff.
      drawSeam(`M${pt(lerpPts(g.outerAt(1 - 100 / s.length), g.innerAt(1 - 100 / s.length), 0.3))}L${pt(lerpPts(g.outerAt(1 - 240 / s.length), g.innerAt(1 - 240 / s.length), 0.3))}`, fab, 2.5);
  }
  return drawPanel(sk, g.d, fab.fill, on, -0.04);
}

/** The inside of the back, seen through the neck opening, with its neck tape and a blank label. */
function drawInsideBack(sk: Sketch, fab: Fabric, c: TopCut, hemY = c.hemY): string {
  const d = writeTorso(c, c.backDrop, hemY);
  const neck = writeNeckline(c, c.backDrop);
  const label = `<rect x="${CX - 34}" y="${c.neckY + c.backDrop + 10}" width="68" height="42" rx="3" fill="#f2efe8"/><rect x="${CX - 34}" y="${c.neckY + c.backDrop + 10}" width="68" height="42" rx="3" fill="#000" fill-opacity=".12"/>`;
  return `<path d="${d}" fill="${fab.inside}"/><g clip-path="url(#${sk.defineClip(d)})"><path d="${neck}" fill="none" stroke="${shadeColour(fab.base, -0.25)}" stroke-width="36"/>${label}</g>`;
}

function drawTorsoFolds(c: TopCut, hemY = c.hemY): string {
  const ax = c.armpitHalf;
  return drawFolds([
    `M${pt([CX + ax - 8, c.armpitY + 40])}Q${pt([CX + ax - 80, c.armpitY + 120])} ${pt([CX + ax - 150, c.armpitY + 150])}`,
    `M${pt([CX - ax + 8, c.armpitY + 60])}Q${pt([CX - ax + 70, c.armpitY + 140])} ${pt([CX - ax + 130, c.armpitY + 190])}`,
    `M${pt([CX - 120, hemY - 300])}Q${pt([CX - 140, hemY - 150])} ${pt([CX - 130, hemY])}`,
    `M${pt([CX + 150, hemY - 240])}Q${pt([CX + 170, hemY - 120])} ${pt([CX + 160, hemY])}`,
    `M${pt([CX + 20, hemY - 120])}L${pt([CX + 40, hemY])}`,
  ]);
}

function drawChestGlow(sk: Sketch, d: string): string {
  return `<path d="${d}" fill="url(#${sk.glow})"/>`;
}

function drawTshirt(sk: Sketch, style: GarmentStyle, view: View): string {
  return drawTee(sk, prepareFabric(sk, style.colour, style), TEE_CUT, view);
}

function drawTee(sk: Sketch, fab: Fabric, c: TopCut, view: View, trim?: string, badge = ''): string {
  const drop = view === 'front' ? c.frontDrop : c.backDrop;
  const torso = writeTorso(c, drop);
  const neck = writeNeckline(c, drop);
  const on =
    drawChestGlow(sk, torso) +
    drawTorsoFolds(c) +
    drawRibStroke(neck, trim ?? fab.trim, 56) +
    `<g transform="translate(0 34)">${drawStitch(neck, fab.stitch)}</g>` +
    drawShoulderSeams(fab, c) +
    drawStitch(writeHemLine(c, c.hemY - 34), fab.stitch) +
    drawStitch(writeHemLine(c, c.hemY - 44), fab.stitch) +
    (view === 'front' ? badge : '');
  return (
    (view === 'front' ? drawInsideBack(sk, fab, c) : '') +
    sk.traceBothSides(() => drawSleeve(sk, fab, c, SHORT_SLEEVE, trim ? 'band' : 'hem', trim)) +
    drawPanel(sk, torso, fab.fill, on)
  );
}

function drawShoulderSeams(fab: Fabric, c: TopCut): string {
  return drawBothSides(drawSeam(`M${pt(neckPoint(c))}Q${pt([CX + (c.neckHalf + c.shoulderHalf) / 2, c.neckY + 12])} ${pt([CX + c.shoulderHalf, c.shoulderY])}`, fab, 2));
}

// ----- collars

interface CollarCut {
  /** Where the two leaves meet at the front. */
  meet: Pt;
  /** Top of the fold, at the side of the neck. */
  fold: Pt;
  /** Where the outer edge turns over the shoulder. */
  outer: Pt;
  tip: Pt;
  /** Rounder points for knitted collars. */
  soft: number;
}

const SHIRT_COLLAR: CollarCut = { meet: [CX + 4, 452], fold: [CX + 80, 366], outer: [CX + 124, 394], tip: [CX + 100, 566], soft: 0 };
const POLO_COLLAR: CollarCut = { meet: [CX + 4, 456], fold: [CX + 84, 366], outer: [CX + 128, 396], tip: [CX + 84, 530], soft: 14 };
const JACKET_COLLAR: CollarCut = { meet: [CX + 6, 470], fold: [CX + 88, 356], outer: [CX + 152, 408], tip: [CX + 146, 600], soft: 6 };

function writeCollarLeaf(k: CollarCut): string {
  const { meet, fold, outer, tip, soft } = k;
  return writePath(
    meet,
    [
      { c1: [meet[0] + 30, meet[1] - 40], c2: [fold[0] - 22, fold[1] + 16], to: fold },
      { c1: [fold[0] + 20, fold[1] - 8], c2: [outer[0] - 10, outer[1] - 16], to: outer },
      { c1: [outer[0] + 8, outer[1] + 60], c2: [tip[0] + 14 + soft, tip[1] - 70], to: [tip[0] + soft * 0.4, tip[1] - soft * 0.6] },
      { c1: [tip[0] - soft * 0.5, tip[1] + soft * 0.2], to: [tip[0] - soft, tip[1] - soft * 0.3] },
      { c1: [tip[0] - 40, tip[1] - 40], c2: [meet[0] + 30, meet[1] + 12], to: meet },
    ],
    true,
  );
}

/** The back of the collar, standing up around the neck behind the two leaves. */
function writeCollarBack(k: CollarCut): string {
  const top = k.fold[1] - 24;
  return writeSymmetricPath(
    [CX, top],
    [
      { c1: [CX + (k.fold[0] - CX) * 0.7, top], c2: [k.fold[0] + 6, k.fold[1] - 14], to: [k.fold[0] + 14, k.fold[1] + 6] },
      { to: [k.fold[0] - 10, k.fold[1] + 40] },
      { c1: [CX + (k.fold[0] - CX) * 0.5, top + 56], to: [CX, top + 56] },
    ],
  );
}

function drawCollar(sk: Sketch, fab: Fabric, k: CollarCut, knit: boolean, tipping?: string): string {
  const back = writeCollarBack(k);
  // The inside of the collar band shows below its top edge, in shadow.
  const backOn =
    `<rect x="0" y="${k.fold[1] - 4}" width="${WIDTH}" height="80" fill="${fab.inside}" fill-opacity=".75"/>`;
  const leaf = writeCollarLeaf(k);
  const edge = writePath(k.fold, [
    { c1: [k.fold[0] + 20, k.fold[1] - 8], c2: [k.outer[0] - 10, k.outer[1] - 16], to: k.outer },
    { c1: [k.outer[0] + 8, k.outer[1] + 60], c2: [k.tip[0] + 14 + k.soft, k.tip[1] - 70], to: k.tip },
    { c1: [k.tip[0] - 40, k.tip[1] - 40], c2: [k.meet[0] + 30, k.meet[1] + 12], to: k.meet },
  ]);
  const leafOn =
    (knit ? `<path d="${leaf}" fill="url(#${sk.rib})" fill-opacity=".6"/>` : '') +
    (tipping ? `<path d="${edge}" fill="none" stroke="${tipping}" stroke-width="16"/>` : '') +
    `<g transform="translate(-7 -4)">${drawStitch(edge, fab.stitch, 2.2)}</g>` +
    // The fold casts a shadow on the leaf just below it.
    drawFolds([writePath(k.meet, [{ c1: [k.meet[0] + 30, k.meet[1] - 40], c2: [k.fold[0] - 22, k.fold[1] + 16], to: k.fold }])], 1.2, 14);
  const leafShadow = drawSoftShadow(leaf, 0.22, 'translate(6 12)');
  return (
    drawPanel(sk, back, knit ? fab.trim : fab.fill, backOn) +
    drawBothSides(leafShadow) +
    drawBothSides(drawPanel(sk, leaf, knit ? fab.trim : fab.fill, leafOn, 0.02))
  );
}

/**
 * The collar seen from behind: a band lying over the neck seam, its top edge almost level and
 * its outer edge dipping at the back and running down towards the shoulders.
 */
function drawCollarFromBehind(sk: Sketch, fab: Fabric, c: TopCut, k: CollarCut, knit: boolean): string {
  const top = c.neckY - 24;
  const corner: Pt = [k.outer[0] - 6, c.neckY - 16];
  const side: Pt = [k.outer[0] + 10, k.outer[1] + 20];
  const d = writeSymmetricPath(
    [CX, top],
    [
      { c1: [CX + (corner[0] - CX) * 0.6, top], to: corner },
      { c1: [corner[0] + 12, corner[1] + 4], to: side },
      { c1: [k.outer[0] - 24, c.neckY + 56], c2: [CX + (k.outer[0] - CX) * 0.45, c.neckY + 62], to: [CX, c.neckY + 62] },
    ],
  );
  const hem = writeSymmetricCurve([CX, c.neckY + 50], [{ c1: [CX + (k.outer[0] - CX) * 0.45, c.neckY + 50], c2: [k.outer[0] - 30, c.neckY + 44], to: [side[0] - 14, side[1] - 8] }]);
  const fold = writeSymmetricCurve([CX, top + 5], [{ c1: [CX + (corner[0] - CX) * 0.6, top + 5], to: [corner[0] - 4, corner[1] + 5] }]);
  const on =
    (knit ? `<path d="${d}" fill="url(#${sk.rib})" fill-opacity=".6"/>` : '') +
    drawSoftStroke(fold, '#fff', 0.25, 8) +
    drawStitch(hem, fab.stitch, 2.2);
  return drawSoftShadow(d, 0.3, 'translate(0 10)') + drawPanel(sk, d, knit ? fab.trim : fab.fill, on);
}

// ----- shirt

const SHIRT_CUT: TopCut = { ...TEE_CUT, neckHalf: 80, neckY: 382, frontDrop: 72, shoulderHalf: 256, hemHalf: 270, hemY: 1330, hemCurve: 70 };

function drawShirt(sk: Sketch, style: GarmentStyle, view: View): string {
  const c = SHIRT_CUT;
  const fab = prepareFabric(sk, style.colour, style, 'down');
  const buttonColour = measureLuminance(fab.base) > 0.5 ? '#f4f1ea' : shadeColour(fab.base, 0.6);
  const sleeves = sk.traceBothSides(() => drawSleeve(sk, fab, c, LONG_SLEEVE, 'cuff'));
  const hemStitch = drawStitch(writeHemLine(c, c.hemY - 22), fab.stitch);
  if (view === 'back') {
    const torso = writeTorso(c, c.backDrop);
    const yoke = `M${pt([CX - c.armpitHalf, 560])}Q${pt([CX, 585])} ${pt([CX + c.armpitHalf, 560])}`;
    const on =
      drawChestGlow(sk, torso) +
      drawTorsoFolds(c) +
      drawSeam(yoke, fab) +
      `<g transform="translate(0 10)">${drawStitch(yoke, fab.stitch)}</g>` +
      drawFolds([`M${pt([CX - 26, 580])}L${pt([CX - 30, 720])}`, `M${pt([CX + 26, 580])}L${pt([CX + 30, 720])}`], 1.1, 10) +
      drawSeam(`M${pt([CX - 24, 574])}L${pt([CX - 24, 640])}`, fab, 2) +
      drawSeam(`M${pt([CX + 24, 574])}L${pt([CX + 24, 640])}`, fab, 2) +
      hemStitch;
    return sleeves + drawPanel(sk, torso, fab.fill, on) + drawCollarFromBehind(sk, fab, c, SHIRT_COLLAR, false);
  }
  const torso = writeTorso(c, c.frontDrop);
  const placketBottom = c.hemY + c.hemCurve;
  const placket = `M${pt([CX - 28, 440])}L${pt([CX + 28, 440])}L${pt([CX + 28, placketBottom + 10])}L${pt([CX - 28, placketBottom + 10])}Z`;
  const pocket = writePath([CX + 96, 610], [{ to: [CX + 226, 606] }, { to: [CX + 228, 760] }, { to: [CX + 162, 782] }, { to: [CX + 98, 762] }], true);
  const buttons = [478, 610, 740, 870, 1000, 1130, 1260].map((y) => drawButton([CX, y], 12, buttonColour, 4)).join('');
  const on =
    drawChestGlow(sk, torso) +
    drawTorsoFolds(c) +
    `<path d="${placket}" fill="#fff" fill-opacity=".05"/>` +
    drawSeam(`M${pt([CX + 28, 440])}L${pt([CX + 28, placketBottom])}`, fab, 2.5) +
    drawFolds([`M${pt([CX - 34, 440])}L${pt([CX - 34, placketBottom])}`], 0.9, 10) +
    `<path d="M${pt([CX - 28, 440])}L${pt([CX - 28, placketBottom])}" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".6"/>` +
    drawStitch(`M${pt([CX - 20, 440])}L${pt([CX - 20, placketBottom])}`, fab.stitch, 2.2) +
    drawStitch(`M${pt([CX + 20, 440])}L${pt([CX + 20, placketBottom])}`, fab.stitch, 2.2) +
    drawSoftShadow(pocket, 0.16, 'translate(3 6)') +
    `<path d="${pocket}" fill="${fab.fill}"/><path d="${pocket}" fill="#fff" fill-opacity=".04"/>` +
    `<path d="${pocket}" fill="none" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".6"/>` +
    drawStitch(`M${pt([CX + 106, 616])}L${pt([CX + 218, 614])}L${pt([CX + 220, 754])}L${pt([CX + 162, 773])}L${pt([CX + 106, 755])}Z`, fab.stitch, 2.2) +
    drawStitch(`M${pt([CX + 98, 640])}L${pt([CX + 226, 637])}`, fab.stitch, 2.2) +
    drawShoulderSeams(fab, c) +
    hemStitch +
    buttons;
  return drawInsideBack(sk, fab, c) + sleeves + drawPanel(sk, torso, fab.fill, on) + drawCollar(sk, fab, SHIRT_COLLAR, false);
}

// ----- polo

const POLO_CUT: TopCut = { ...TEE_CUT, neckHalf: 84, neckY: 386, frontDrop: 70 };

function drawPolo(sk: Sketch, style: GarmentStyle, view: View): string {
  const c = POLO_CUT;
  const fab = prepareFabric(sk, style.colour, style);
  const tipping = style.accent && style.pattern !== 'stripes' ? style.accent : undefined;
  const sleeves = sk.traceBothSides(() => drawSleeve(sk, fab, c, SHORT_SLEEVE, 'band', fab.trim));
  const hem = drawStitch(writeHemLine(c, c.hemY - 30), fab.stitch) + drawVents(fab, c);
  if (view === 'back') {
    const torso = writeTorso(c, c.backDrop);
    return sleeves + drawPanel(sk, torso, fab.fill, drawChestGlow(sk, torso) + drawTorsoFolds(c) + hem + drawShoulderSeams(fab, c)) + drawCollarFromBehind(sk, fab, c, POLO_COLLAR, true);
  }
  const torso = writeTorso(c, c.frontDrop);
  const placket = `M${pt([CX - 32, 430])}L${pt([CX + 32, 430])}L${pt([CX + 32, 720])}L${pt([CX - 32, 720])}Z`;
  const buttonColour = measureLuminance(fab.base) > 0.5 ? shadeColour(fab.base, -0.08) : shadeColour(fab.base, 0.08);
  const on =
    drawChestGlow(sk, torso) +
    drawTorsoFolds(c) +
    `<path d="${placket}" fill="${fab.fill}"/><path d="${placket}" fill="#fff" fill-opacity=".05"/>` +
    drawFolds([`M${pt([CX - 38, 440])}L${pt([CX - 38, 716])}`], 0.9, 10) +
    `<path d="${placket}" fill="none" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".55"/>` +
    drawStitch(`M${pt([CX - 24, 430])}L${pt([CX - 24, 712])}L${pt([CX + 24, 712])}L${pt([CX + 24, 430])}`, fab.stitch, 2.2) +
    drawButton([CX, 540], 12, buttonColour, 2) +
    drawButton([CX, 640], 12, buttonColour, 2) +
    drawShoulderSeams(fab, c) +
    hem;
  return drawInsideBack(sk, fab, c) + sleeves + drawPanel(sk, torso, fab.fill, on) + drawCollar(sk, fab, POLO_COLLAR, true, tipping);
}

/** Side vents at the hem, a polo's small tell. */
function drawVents(fab: Fabric, c: TopCut): string {
  const x = CX + c.hemHalf - 4;
  return drawBothSides(`<path d="M${pt([x, c.hemY - 70])}L${pt([x - 2, c.hemY])}" stroke="${fab.seam}" stroke-width="3" stroke-opacity=".8"/>` + drawStitch(`M${pt([x - 18, c.hemY - 2])}L${pt([x - 18, c.hemY - 72])}L${pt([x, c.hemY - 76])}`, fab.stitch, 2.2));
}

// ----- sweatshirt and hoodie

const SWEAT_CUT: TopCut = {
  neckHalf: 96,
  neckY: 392,
  frontDrop: 62,
  backDrop: 16,
  shoulderHalf: 262,
  shoulderY: 448,
  armpitHalf: 276,
  armpitY: 690,
  hemHalf: 270,
  hemY: 1360,
  hemCurve: 0,
};
const SWEAT_SLEEVE: SleeveCut = { angle: 12, length: 650, topHalf: 110, endHalf: 68 };
const HEM_BAND = 92;

function writeHemBand(c: TopCut, band: number): string {
  return writeSymmetricPath(
    [CX, c.hemY - band],
    [
      { to: [CX + c.hemHalf + 2, c.hemY - band] },
      { to: [CX + c.hemHalf - 12, c.hemY - 10] },
      { c1: [CX + c.hemHalf - 14, c.hemY + 2], to: [CX + c.hemHalf - 30, c.hemY + 2] },
      { to: [CX, c.hemY + 2] },
    ],
  );
}

/** A ribbed hem band, with the body gathering into it just above. */
function drawHemBand(sk: Sketch, fab: Fabric, c: TopCut, band = HEM_BAND, colour = fab.trim): string {
  const d = writeHemBand(c, band);
  const top = c.hemY - band;
  const seam = `M${pt([CX - c.hemHalf, top - 4])}L${pt([CX + c.hemHalf, top - 4])}`;
  const gathers = [-200, -120, -40, 60, 150, 220].map((x) => `M${pt([CX + x, top - 70])}L${pt([CX + x + 6, top])}`);
  return (
    drawFolds(gathers, 0.45, 10) +
    drawSoftStroke(seam, '#000', 0.25, 11.2) +
    drawPanel(sk, d, colour, `<path d="${d}" fill="url(#${sk.rib})"/>`)
  );
}

function drawSweatshirt(sk: Sketch, style: GarmentStyle, view: View): string {
  const c = SWEAT_CUT;
  const fab = prepareFabric(sk, style.colour, style);
  const drop = view === 'front' ? c.frontDrop : c.backDrop;
  const torso = writeTorso(c, drop, c.hemY - HEM_BAND + 10);
  const neck = writeNeckline(c, drop);
  const vee = `M${pt([CX - 30, c.neckY + drop + 30])}L${pt([CX + 30, c.neckY + drop + 30])}L${pt([CX, c.neckY + drop + 92])}Z`;
  const on =
    drawChestGlow(sk, torso) +
    drawTorsoFolds(c, c.hemY - HEM_BAND) +
    (view === 'front' ? `<path d="${vee}" fill="${fab.trim}"/><path d="${vee}" fill="url(#${sk.rib})"/><path d="${vee}" fill="none" stroke="${fab.seam}" stroke-width="2.5" stroke-opacity=".6"/>` : '') +
    drawRibStroke(neck, fab.trim, 80) +
    `<g transform="translate(0 42)">${drawSeam(neck, fab, 2.5)}</g>` +
    drawShoulderSeams(fab, c);
  return (
    (view === 'front' ? drawInsideBack(sk, fab, c, c.hemY - HEM_BAND) : '') +
    sk.traceBothSides(() => drawSleeve(sk, fab, c, SWEAT_SLEEVE, 'rib')) +
    drawPanel(sk, torso, fab.fill, on) +
    drawHemBand(sk, fab, c)
  );
}

const HOODIE_CUT: TopCut = { ...SWEAT_CUT, neckHalf: 104, frontDrop: 40 };

function drawHoodie(sk: Sketch, style: GarmentStyle, view: View): string {
  const c = HOODIE_CUT;
  const fab = prepareFabric(sk, style.colour, style);
  const lining = style.accent ?? fab.inside;
  const torso = writeTorso(c, c.backDrop, c.hemY - HEM_BAND + 10);
  const sleeves = sk.traceBothSides(() => drawSleeve(sk, fab, c, SWEAT_SLEEVE, 'rib'));
  const body = (extra: string) => drawPanel(sk, torso, fab.fill, drawChestGlow(sk, torso) + drawTorsoFolds(c, c.hemY - HEM_BAND) + drawShoulderSeams(fab, c) + extra);
  if (view === 'back') {
    const hood = writeSymmetricPath(
      [CX, 200],
      [
        { c1: [CX + 120, 198], c2: [CX + 186, 280], to: [CX + 190, 400] },
        { c1: [CX + 196, 520], c2: [CX + 140, 640], to: [CX, 700] },
      ],
    );
    const on = drawSeam(`M${pt([CX, 204])}L${pt([CX, 696])}`, fab, 3) + drawFolds([`M${pt([CX + 120, 560])}Q${pt([CX + 60, 620])} ${pt([CX + 10, 640])}`, `M${pt([CX - 150, 420])}Q${pt([CX - 120, 520])} ${pt([CX - 60, 600])}`]);
    return sleeves + body('') + drawSoftShadow(hood, 0.25, 'translate(4 14)') + drawPanel(sk, hood, fab.fill, on) + drawHemBand(sk, fab, c);
  }
  const pocket = writeSymmetricPath(
    [CX, 1000],
    [
      { to: [CX + 140, 1000] },
      { c1: [CX + 200, 1040], c2: [CX + 232, 1110], to: [CX + 236, 1190] },
      { to: [CX + 238, 1262] },
      { to: [CX, 1262] },
    ],
  );
  const opening = `M${pt([CX + 140, 1000])}C${pt([CX + 200, 1040])} ${pt([CX + 232, 1110])} ${pt([CX + 236, 1190])}`;
  const pocketOn =
    drawBothSides(drawSoftStroke(opening, '#000', 0.3, 8, 'translate(8 0)') + `<g transform="translate(-12 4)">${drawStitch(opening, fab.stitch, 2.2)}</g>`) +
    drawStitch(`M${pt([CX - 130, 1014])}L${pt([CX + 130, 1014])}`, fab.stitch, 2.2);
  const pocketMarkup =
    drawBothSides(drawSoftStroke(opening, '#000', 0.35, 14.4, 'translate(14 4)')) +
    drawPanel(sk, pocket, fab.fill, pocketOn, 0.03);
  const shell = writeSymmetricPath(
    [CX, 178],
    [
      { c1: [CX + 122, 176], c2: [CX + 192, 262], to: [CX + 190, 384] },
      { c1: [CX + 188, 450], c2: [CX + 168, 490], to: [CX + 110, 540] },
      { c1: [CX + 60, 580], c2: [CX + 20, 600], to: [CX, 610] },
    ],
  );
  const open = writeSymmetricPath(
    [CX, 246],
    [
      { c1: [CX + 86, 246], c2: [CX + 128, 320], to: [CX + 124, 410] },
      { c1: [CX + 120, 480], c2: [CX + 60, 540], to: [CX, 572] },
    ],
  );
  const rim = writeSymmetricCurve([CX, 246], [
    { c1: [CX + 86, 246], c2: [CX + 128, 320], to: [CX + 124, 410] },
    { c1: [CX + 120, 480], c2: [CX + 60, 540], to: [CX + 4, 572] },
  ]);
  const shellOn = drawSoftStroke(rim, '#000', 0.3, 24, 'translate(0 6)') + `<path d="${rim}" fill="none" stroke="${fab.base}" stroke-width="46"/>` + `<path d="${rim}" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="20"/>`;
  const openOn =
    drawSoftStroke(rim, '#000', 0.35, 32) +
    `<path d="M${pt([CX, 250])}L${pt([CX, 572])}" stroke="#000" stroke-opacity=".2" stroke-width="3"/>`;
  const strings = drawBothSides(drawDrawstring([CX + 44, 548], [CX + 52, 820], fab.accent === pickContrast(fab.base) ? '#f1eee6' : fab.accent));
  return (
    sleeves +
    body(pocketMarkup) +
    drawHemBand(sk, fab, c) +
    drawSoftShadow(shell, 0.3, 'translate(4 16)') +
    drawPanel(sk, shell, fab.fill, shellOn + `<g transform="translate(0 -26)">${drawStitch(rim, fab.stitch, 2.2)}</g>`) +
    drawPanel(sk, open, lining, openOn) +
    drawBothSides(`<ellipse cx="${CX + 44}" cy="548" rx="9" ry="9" fill="${shadeColour('#c9c6bf', -0.1)}" stroke="#8d8a84" stroke-width="3"/>`) +
    strings
  );
}

function drawDrawstring(from: Pt, to: Pt, colour: string): string {
  const d = `M${pt(from)}C${pt([from[0] + 4, from[1] + 80])} ${pt([to[0] - 10, to[1] - 120])} ${pt(to)}`;
  return (
    `<path d="${d}" transform="translate(4 6)" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="${d}" transform="translate(-2 0)" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3"/>` +
    `<rect x="${fmt(to[0] - 7)}" y="${fmt(to[1] - 4)}" width="14" height="40" rx="6" fill="#b9b6af"/>` +
    `<rect x="${fmt(to[0] - 3)}" y="${fmt(to[1])}" width="4" height="32" rx="2" fill="#fff" fill-opacity=".5"/>`
  );
}

// ----- jacket

const JACKET_CUT: TopCut = {
  neckHalf: 88,
  neckY: 386,
  frontDrop: 80,
  backDrop: 16,
  shoulderHalf: 270,
  shoulderY: 446,
  armpitHalf: 284,
  armpitY: 696,
  hemHalf: 276,
  hemY: 1330,
  hemCurve: 0,
};
const JACKET_SLEEVE: SleeveCut = { angle: 12, length: 640, topHalf: 116, endHalf: 72 };
const JACKET_BAND = 70;

function drawJacket(sk: Sketch, style: GarmentStyle, view: View): string {
  const c = JACKET_CUT;
  const fab = prepareFabric(sk, style.colour, style);
  const rib = shadeColour(fab.base, -0.12);
  const drop = view === 'front' ? c.frontDrop : c.backDrop;
  const torso = writeTorso(c, drop, c.hemY - JACKET_BAND + 10);
  const sleeves = sk.traceBothSides(() => drawSleeve(sk, fab, c, JACKET_SLEEVE, 'rib', rib));
  const common = drawChestGlow(sk, torso) + drawTorsoFolds(c, c.hemY - JACKET_BAND) + drawShoulderSeams(fab, c);
  if (view === 'back') {
    const yoke = `M${pt([CX - c.armpitHalf, 600])}Q${pt([CX, 630])} ${pt([CX + c.armpitHalf, 600])}`;
    return (
      sleeves +
      drawPanel(sk, torso, fab.fill, common + drawSeam(yoke, fab) + `<g transform="translate(0 12)">${drawStitch(yoke, fab.stitch)}</g>`) +
      drawHemBand(sk, fab, c, JACKET_BAND, rib) +
      drawCollarFromBehind(sk, fab, c, JACKET_COLLAR, false)
    );
  }
  const zipTop = 470;
  const zipBottom = c.hemY;
  const metal = '#c7c4bd';
  const zip =
    `<path d="M${pt([CX, zipTop])}L${pt([CX, zipBottom])}" stroke="${shadeColour(fab.base, -0.35)}" stroke-width="30"/>` +
    `<path d="M${pt([CX, zipTop])}L${pt([CX, zipBottom])}" stroke="${metal}" stroke-width="12" stroke-dasharray="4 3"/>` +
    `<path d="M${pt([CX - 2, zipTop])}L${pt([CX - 2, zipBottom])}" stroke="#fff" stroke-opacity=".35" stroke-width="2" stroke-dasharray="4 3"/>` +
    drawStitch(`M${pt([CX - 24, zipTop])}L${pt([CX - 24, c.hemY - JACKET_BAND])}`, fab.stitch, 2.2) +
    drawStitch(`M${pt([CX + 24, zipTop])}L${pt([CX + 24, c.hemY - JACKET_BAND])}`, fab.stitch, 2.2);
  const pull =
    `<rect x="${CX - 12}" y="${zipTop + 10}" width="24" height="34" rx="6" fill="${shadeColour(metal, -0.25)}"/>` +
    `<rect x="${CX - 9}" y="${zipTop + 30}" width="18" height="64" rx="8" fill="${metal}" stroke="${shadeColour(metal, -0.35)}" stroke-width="2"/>` +
    `<rect x="${CX - 4}" y="${zipTop + 44}" width="8" height="34" rx="4" fill="${shadeColour(metal, -0.45)}"/>`;
  const flap = writePath([CX + 90, 640], [{ to: [CX + 232, 636] }, { to: [CX + 232, 690] }, { c1: [CX + 200, 712], to: [CX + 161, 716] }, { c1: [CX + 122, 712], to: [CX + 90, 690] }], true);
  const chestPocket = `M${pt([CX + 94, 646])}L${pt([CX + 228, 642])}L${pt([CX + 230, 820])}L${pt([CX + 96, 822])}Z`;
  const pocket =
    `<path d="${chestPocket}" fill="none" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".6"/>` +
    drawStitch(`M${pt([CX + 104, 700])}L${pt([CX + 106, 812])}L${pt([CX + 220, 810])}L${pt([CX + 218, 700])}`, fab.stitch, 2.2) +
    drawSoftShadow(flap, 0.3, 'translate(2 10)') +
    `<path d="${flap}" fill="${fab.fill}"/><path d="${flap}" fill="#fff" fill-opacity=".06"/>` +
    `<path d="${flap}" fill="none" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".6"/>` +
    drawStitch(`M${pt([CX + 100, 650])}L${pt([CX + 100, 686])}Q${pt([CX + 161, 716])} ${pt([CX + 222, 686])}L${pt([CX + 222, 648])}`, fab.stitch, 2.2) +
    drawRivet([CX + 161, 694], 10, '#a9a59c');
  const welt = `M${pt([CX + 150, 1010])}L${pt([CX + 176, 1004])}L${pt([CX + 226, 1200])}L${pt([CX + 200, 1206])}Z`;
  const lowerPocket =
    drawSoftShadow(welt, 0.25, 'translate(6 6)') +
    `<path d="${welt}" fill="${fab.fill}"/><path d="${welt}" fill="#fff" fill-opacity=".05"/><path d="${welt}" fill="none" stroke="${fab.seam}" stroke-width="2" stroke-opacity=".7"/>` +
    `<path d="M${pt([CX + 150, 1010])}L${pt([CX + 200, 1206])}" stroke="#000" stroke-opacity=".45" stroke-width="4"/>`;
  return (
    drawInsideBack(sk, fab, c, c.hemY - JACKET_BAND) +
    sleeves +
    drawPanel(sk, torso, fab.fill, common + zip + drawBothSides(pocket + lowerPocket)) +
    drawHemBand(sk, fab, c, JACKET_BAND, rib) +
    `<path d="M${pt([CX, c.hemY - JACKET_BAND])}L${pt([CX, c.hemY])}" stroke="${metal}" stroke-width="12" stroke-dasharray="4 3"/>` +
    drawCollar(sk, fab, JACKET_COLLAR, false) +
    pull
  );
}

// ---------------------------------------------------------------- bottoms

interface LegCut {
  waistY: number;
  waistHalf: number;
  hipY: number;
  hipHalf: number;
  crotchY: number;
  kneeY: number;
  kneeOuter: number;
  kneeInner: number;
  hemY: number;
  hemOuter: number;
  hemInner: number;
  band: number;
}

const TROUSER_CUT: LegCut = {
  waistY: 236,
  waistHalf: 240,
  hipY: 560,
  hipHalf: 290,
  crotchY: 660,
  kneeY: 1110,
  kneeOuter: 280,
  kneeInner: 24,
  hemY: 1590,
  hemOuter: 270,
  hemInner: 38,
  band: 62,
};
const JEANS_CUT: LegCut = { ...TROUSER_CUT, hipHalf: 286, kneeOuter: 268, kneeInner: 34, hemOuter: 252, hemInner: 52 };
const SHORTS_CUT: LegCut = {
  waistY: 480,
  waistHalf: 240,
  hipY: 780,
  hipHalf: 290,
  crotchY: 880,
  kneeY: 1060,
  kneeOuter: 296,
  kneeInner: 16,
  hemY: 1250,
  hemOuter: 302,
  hemInner: 22,
  band: 62,
};

function writeLegs(k: LegCut): string {
  return writeSymmetricPath(
    [CX, k.waistY],
    [
      { to: [CX + k.waistHalf, k.waistY - 2] },
      { c1: [CX + k.waistHalf + 30, k.waistY + 110], c2: [CX + k.hipHalf, k.hipY - 120], to: [CX + k.hipHalf, k.hipY] },
      { c1: [CX + k.hipHalf, k.hipY + 200], c2: [CX + k.kneeOuter, k.kneeY - 200], to: [CX + k.kneeOuter, k.kneeY] },
      { to: [CX + k.hemOuter, k.hemY] },
      { c1: [CX + (k.hemOuter + k.hemInner) / 2, k.hemY + 8], to: [CX + k.hemInner, k.hemY] },
      { to: [CX + k.kneeInner, k.kneeY] },
      { c1: [CX + k.kneeInner - 8, k.crotchY + 200], c2: [CX + 8, k.crotchY + 50], to: [CX, k.crotchY] },
    ],
  );
}

/** Each leg shaded as its own cylinder, and a shadow where the legs meet. */
function drawLegShading(sk: Sketch, k: LegCut): string {
  const leg = `<rect x="${CX}" y="${k.waistY - 10}" width="${k.hipHalf + 20}" height="${k.hemY - k.waistY + 30}" fill="url(#${sk.shadeAcross})"/>`;
  return drawBothSides(leg) + drawFolds([`M${pt([CX, k.crotchY - 30])}L${pt([CX + k.kneeInner, k.kneeY])}L${pt([CX + k.hemInner, k.hemY])}`], 1.4, 26);
}

function drawBeltLoops(fab: Fabric, k: LegCut, xs: readonly number[], tack: string): string {
  return drawBothSides(
    xs
      .map((x) => {
        const r = `<rect x="${CX + x - 12}" y="${k.waistY - 10}" width="24" height="${k.band + 24}" rx="4"`;
        return `${r} transform="translate(3 5)" fill="#000" fill-opacity=".25"/>${r} fill="${fab.fill}" stroke="${fab.seam}" stroke-width="2"/>${r} fill="#fff" fill-opacity=".06"/>` + drawStitch(`M${pt([CX + x - 8, k.waistY - 2])}L${pt([CX + x + 8, k.waistY - 2])}M${pt([CX + x - 8, k.waistY + k.band + 6])}L${pt([CX + x + 8, k.waistY + k.band + 6])}`, tack, 3);
      })
      .join(''),
  );
}

function drawWaistband(fab: Fabric, k: LegCut, stitch: string): string {
  const top = k.waistY;
  const bottom = k.waistY + k.band;
  return (
    `<path d="M${pt([CX - k.waistHalf - 30, bottom])}L${pt([CX + k.waistHalf + 30, bottom])}" stroke="#000" stroke-opacity=".2" stroke-width="8"/>` +
    drawSeam(`M${pt([CX - k.waistHalf - 30, bottom])}L${pt([CX + k.waistHalf + 30, bottom])}`, fab) +
    drawStitch(`M${pt([CX - k.waistHalf - 30, top + 10])}L${pt([CX + k.waistHalf + 30, top + 10])}`, stitch) +
    drawStitch(`M${pt([CX - k.waistHalf - 30, bottom - 10])}L${pt([CX + k.waistHalf + 30, bottom - 10])}`, stitch)
  );
}

function drawLegFolds(k: LegCut): string {
  const leg = (x: number) => [
    `M${pt([CX + 50, k.crotchY - 30])}Q${pt([CX + 100, k.crotchY - 50])} ${pt([CX + 140 + x, k.crotchY - 90])}`,
    `M${pt([CX + 70, k.kneeY - 10])}Q${pt([CX + 150, k.kneeY + 14])} ${pt([CX + 230, k.kneeY - 20])}`,
    `M${pt([CX + 90, k.hemY - 110])}Q${pt([CX + 160, k.hemY - 86])} ${pt([CX + 240, k.hemY - 124])}`,
  ];
  return drawFolds(leg(0), 0.8) + `<g transform="${MIRROR}">${drawFolds(leg(10), 0.8)}</g>`;
}

function drawTrousers(sk: Sketch, style: GarmentStyle, view: View): string {
  const k = TROUSER_CUT;
  const fab = prepareFabric(sk, style.colour, style, 'down');
  const d = writeLegs(k);
  const crease = (x: number) => `M${pt([CX + x, k.crotchY - 40])}L${pt([CX + (k.hemOuter + k.hemInner) / 2, k.hemY])}`;
  let on =
    drawLegShading(sk, k) +
    drawLegFolds(k) +
    drawBothSides(
      `<path d="${crease(150)}" stroke="#fff" stroke-opacity=".22" stroke-width="6" transform="translate(-4 0)"/><path d="${crease(150)}" stroke="#000" stroke-opacity=".22" stroke-width="2.5" transform="translate(2 0)"/>` +
        drawStitch(`M${pt([CX + k.hemInner, k.hemY - 40])}L${pt([CX + k.hemOuter, k.hemY - 40])}`, fab.stitch),
    ) +
    drawWaistband(fab, k, fab.stitch);
  if (view === 'front') {
    const pocket = `M${pt([CX + k.waistHalf - 80, k.waistY + k.band])}L${pt([CX + k.hipHalf - 6, k.waistY + k.band + 200])}`;
    on +=
      drawBothSides(`<path d="${pocket}" stroke="#000" stroke-opacity=".45" stroke-width="4"/>${drawSoftStroke(pocket, '#000', 0.2, 11.2, 'translate(-8 4)')}<g transform="translate(-12 0)">${drawStitch(pocket, fab.stitch, 2.2)}</g>`) +
      drawFly(fab, k, fab.stitch) +
      drawButton([CX, k.waistY + k.band / 2], 13, shadeColour(fab.base, -0.45), 4);
  } else {
    on += drawSeam(`M${pt([CX, k.waistY + k.band])}L${pt([CX, k.crotchY])}`, fab) + drawBothSides(drawWelt(fab, [CX + 150, k.waistY + k.band + 110], 150));
  }
  return drawPanel(sk, d, fab.fill, on, 0) + drawBeltLoops(fab, k, view === 'front' ? [130, 226] : [0, 130, 226], fab.stitch);
}

function drawFly(fab: Fabric, k: LegCut, stitch: string): string {
  const top = k.waistY + k.band;
  return (
    `<path d="M${pt([CX - 2, top])}L${pt([CX - 2, k.crotchY - 50])}" stroke="#000" stroke-opacity=".35" stroke-width="3"/>` +
    drawFolds([`M${pt([CX - 6, top + 10])}L${pt([CX - 6, k.crotchY - 60])}`], 0.8, 8) +
    drawStitch(`M${pt([CX + 44, top])}L${pt([CX + 44, k.crotchY - 130])}Q${pt([CX + 44, k.crotchY - 62])} ${pt([CX + 2, k.crotchY - 52])}`, stitch)
  );
}

/** A back welt pocket with its button. */
function drawWelt(fab: Fabric, c: Pt, width: number): string {
  const x = c[0] - width / 2;
  return (
    drawSoftShadow(`M${pt([x, c[1]])}h${width}v16h-${width}Z`, 0.2) +
    `<rect x="${x}" y="${c[1] - 8}" width="${width}" height="16" fill="${fab.fill}" stroke="${fab.seam}" stroke-width="2"/>` +
    `<path d="M${pt([x, c[1]])}L${pt([x + width, c[1]])}" stroke="#000" stroke-opacity=".5" stroke-width="3"/>` +
    drawButton([c[0], c[1] + 30], 10, shadeColour(fab.base, -0.45), 4)
  );
}

function drawJeans(sk: Sketch, style: GarmentStyle, view: View): string {
  const k = JEANS_CUT;
  const fab = prepareFabric(sk, style.colour, { ...style, pattern: 'plain' });
  const thread = style.accent ?? '#d6a04a';
  const copper = '#b07a3a';
  const d = writeLegs(k);
  const twill = sk.define(
    'twill',
    // Diagonal lines that meet across tile edges; a rotated pattern would render far slower.
    (id) =>
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="12" height="12"><path d="M-3 3L3 -3M0 12L12 0M9 15L15 9" stroke="#fff" stroke-opacity=".10" stroke-width="3"/><path d="M-3 9L9 -3M3 15L15 3" stroke="#000" stroke-opacity=".12" stroke-width="1.5"/></pattern>`,
  );
  const fade = sk.define(
    'fade',
    (id) => `<radialGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  const fades = drawBothSides(
    `<ellipse cx="${CX + 150}" cy="${k.crotchY + 180}" rx="110" ry="260" fill="url(#${fade})"/>` + `<ellipse cx="${CX + 148}" cy="${k.kneeY + 40}" rx="90" ry="150" fill="url(#${fade})" fill-opacity=".7"/>`,
  );
  const whiskers = drawBothSides(
    [0, 1, 2, 3]
      .map((i) => drawSoftStroke(`M${pt([CX + 54, k.crotchY - 36 + i * 22])}Q${pt([CX + 110, k.crotchY - 44 + i * 18])} ${pt([CX + 180 - i * 12, k.crotchY - 76 + i * 24])}`, '#fff', 0.2 - i * 0.03, 8 - i))
      .join(''),
  );
  const outseam = drawBothSides(drawStitch(`M${pt([CX + k.hipHalf - 8, k.hipY])}C${pt([CX + k.hipHalf - 8, k.hipY + 200])} ${pt([CX + k.kneeOuter - 8, k.kneeY - 200])} ${pt([CX + k.kneeOuter - 8, k.kneeY])}L${pt([CX + k.hemOuter - 8, k.hemY - 10])}`, thread, 2.4));
  let on =
    `<path d="${d}" fill="url(#${twill})"/>` +
    fades +
    drawLegShading(sk, k) +
    drawLegFolds(k) +
    outseam +
    drawBothSides(drawStitch(`M${pt([CX + k.hemInner, k.hemY - 30])}L${pt([CX + k.hemOuter, k.hemY - 30])}`, thread, 2.6)) +
    drawWaistband(fab, k, thread);
  if (view === 'front') {
    const top = k.waistY + k.band;
    const scoop = `M${pt([CX + 140, top])}C${pt([CX + 150, top + 110])} ${pt([CX + 220, top + 140])} ${pt([CX + k.hipHalf - 4, top + 150])}`;
    const coin = `M${pt([CX + 200, top + 20])}L${pt([CX + 264, top + 22])}L${pt([CX + 262, top + 100])}L${pt([CX + 204, top + 100])}`;
    on +=
      whiskers +
      drawBothSides(
        drawSoftStroke(scoop, '#000', 0.35, 11.2, 'translate(4 10)') +
          `<path d="${scoop}" stroke="${shadeColour(fab.base, -0.5)}" stroke-width="4" fill="none"/>` +
          `<g transform="translate(0 -12)">${drawStitch(scoop, thread, 2.4)}</g><g transform="translate(0 -20)">${drawStitch(scoop, thread, 2.4)}</g>` +
          drawRivet([CX + k.hipHalf - 14, top + 140], 8, copper),
      ) +
      drawSeam(coin, fab, 2) +
      drawStitch(`M${pt([CX + 204, top + 30])}L${pt([CX + 262, top + 32])}`, thread, 2.4) +
      drawRivet([CX + 206, top + 26], 6, copper) +
      drawRivet([CX + 260, top + 28], 6, copper) +
      drawFly(fab, k, thread) +
      `<g transform="translate(-8 0)">${drawStitch(`M${pt([CX + 44, top])}L${pt([CX + 44, k.crotchY - 130])}Q${pt([CX + 44, k.crotchY - 70])} ${pt([CX + 2, k.crotchY - 60])}`, thread)}</g>` +
      drawRivet([CX, k.waistY + k.band / 2], 16, '#c9c3b6');
  } else {
    const yoke = `M${pt([CX - k.hipHalf, k.waistY + k.band + 80])}L${pt([CX, k.waistY + k.band + 150])}L${pt([CX + k.hipHalf, k.waistY + k.band + 80])}`;
    const py = k.waistY + k.band + 180;
    const patch = writePath([CX + 70, py], [{ to: [CX + 238, py - 10] }, { to: [CX + 232, py + 190] }, { to: [CX + 160, py + 226] }, { to: [CX + 90, py + 196] }], true);
    const arcs = `M${pt([CX + 100, py + 80])}Q${pt([CX + 155, py + 140])} ${pt([CX + 226, py + 70])}`;
    on +=
      drawSeam(yoke, fab) +
      `<g transform="translate(0 12)">${drawStitch(yoke, thread)}</g><g transform="translate(0 22)">${drawStitch(yoke, thread)}</g>` +
      drawSeam(`M${pt([CX, k.waistY + k.band])}L${pt([CX, k.crotchY])}`, fab) +
      drawBothSides(
        `${drawSoftShadow(patch, 0.3, 'translate(4 8)')}<path d="${patch}" fill="${fab.fill}"/><path d="${patch}" fill="url(#${twill})"/><path d="${patch}" fill="#fff" fill-opacity=".07"/>` +
          `<path d="${patch}" fill="none" stroke="${fab.seam}" stroke-width="2"/>` +
          drawStitch(writePath([CX + 80, py + 12], [{ to: [CX + 228, py + 2] }, { to: [CX + 222, py + 184] }, { to: [CX + 160, py + 214] }, { to: [CX + 100, py + 188] }], true), thread, 2.4) +
          drawStitch(arcs, thread, 2.4) +
          `<g transform="translate(0 18)">${drawStitch(arcs, thread, 2.4)}</g>` +
          drawRivet([CX + 76, py + 4], 6, copper) +
          drawRivet([CX + 232, py - 4], 6, copper),
      ) +
      `<rect x="${CX + 120}" y="${k.waistY + 8}" width="120" height="${k.band - 6}" rx="4" fill="#b48a5a" stroke="#7d5a35" stroke-width="2"/>` +
      `<rect x="${CX + 130}" y="${k.waistY + 16}" width="100" height="${k.band - 22}" rx="2" fill="none" stroke="#7d5a35" stroke-width="1.5" stroke-dasharray="5 4"/>`;
  }
  return drawPanel(sk, d, fab.fill, on) + drawBeltLoops(fab, k, view === 'front' ? [130, 232] : [0, 130, 232], thread);
}

function drawShorts(sk: Sketch, style: GarmentStyle, view: View, k: LegCut = SHORTS_CUT, elastic = false): string {
  const fab = prepareFabric(sk, style.colour, style, 'down');
  const d = writeLegs(k);
  const cuffTop = `M${pt([CX + k.hemInner, k.hemY - 64])}L${pt([CX + k.hemOuter + 2, k.hemY - 64])}`;
  const cuff = drawBothSides(
    drawSoftStroke(cuffTop, '#000', 0.3, 8) +
      `<path d="M${pt([CX + k.hemInner - 4, k.hemY - 58])}L${pt([CX + k.hemOuter + 4, k.hemY - 58])}L${pt([CX + k.hemOuter + 4, k.hemY + 4])}L${pt([CX + k.hemInner - 4, k.hemY + 6])}Z" fill="${fab.fill}"/>` +
      `<path d="M${pt([CX + k.hemInner - 4, k.hemY - 58])}L${pt([CX + k.hemOuter + 4, k.hemY - 58])}" stroke="#fff" stroke-opacity=".25" stroke-width="4"/>` +
      `<path d="M${pt([CX + k.hemInner - 4, k.hemY - 58])}L${pt([CX + k.hemOuter + 4, k.hemY - 58])}L${pt([CX + k.hemOuter + 4, k.hemY + 4])}L${pt([CX + k.hemInner - 4, k.hemY + 6])}Z" fill="url(#${sk.shadeDown})"/>`,
  );
  let on = drawLegShading(sk, k) + drawFolds(addMirroredPaths([`M${pt([CX + 50, k.crotchY - 30])}Q${pt([CX + 100, k.crotchY - 50])} ${pt([CX + 140, k.crotchY - 90])}`, `M${pt([CX + 60, k.hemY - 150])}Q${pt([CX + 150, k.hemY - 120])} ${pt([CX + 250, k.hemY - 170])}`]));
  if (elastic) {
    const band = `M${pt([CX - k.waistHalf - 30, k.waistY - 10])}L${pt([CX + k.waistHalf + 30, k.waistY - 10])}L${pt([CX + k.waistHalf + 30, k.waistY + k.band])}L${pt([CX - k.waistHalf - 30, k.waistY + k.band])}Z`;
    const gathers = Array.from({ length: 24 }, (_, i) => `M${pt([CX - k.waistHalf + 10 + i * 20, k.waistY])}L${pt([CX - k.waistHalf + 12 + i * 20, k.waistY + k.band - 6])}`);
    on +=
      `<path d="${band}" fill="#000" fill-opacity=".04"/>` +
      drawFolds(gathers, 0.8, 7) +
      drawSeam(`M${pt([CX - k.waistHalf - 30, k.waistY + k.band])}L${pt([CX + k.waistHalf + 30, k.waistY + k.band])}`, fab) +
      (view === 'front'
        ? `<circle cx="${CX - 22}" cy="${k.waistY + 30}" r="7" fill="${fab.seam}"/><circle cx="${CX + 22}" cy="${k.waistY + 30}" r="7" fill="${fab.seam}"/>` +
          drawSeam(`M${pt([CX, k.waistY + k.band])}L${pt([CX, k.crotchY - 40])}`, fab, 2)
        : drawSeam(`M${pt([CX, k.waistY + k.band])}L${pt([CX, k.crotchY])}`, fab));
  } else {
    on += drawWaistband(fab, k, fab.stitch);
    if (view === 'front') {
      const pocket = `M${pt([CX + k.waistHalf - 80, k.waistY + k.band])}L${pt([CX + k.hipHalf - 6, k.waistY + k.band + 190])}`;
      on +=
        drawBothSides(`<path d="${pocket}" stroke="#000" stroke-opacity=".45" stroke-width="4"/>${drawSoftStroke(pocket, '#000', 0.2, 11.2, 'translate(-8 4)')}<g transform="translate(-12 0)">${drawStitch(pocket, fab.stitch, 2.2)}</g>`) +
        drawFly(fab, k, fab.stitch) +
        drawButton([CX, k.waistY + k.band / 2], 13, shadeColour(fab.base, -0.45), 4);
    } else {
      on += drawSeam(`M${pt([CX, k.waistY + k.band])}L${pt([CX, k.crotchY])}`, fab) + drawBothSides(drawWelt(fab, [CX + 150, k.waistY + k.band + 100], 140));
    }
  }
  const strings =
    elastic && view === 'front'
      ? drawDrawstring([CX - 22, k.waistY + 30], [CX - 40, k.waistY + 200], '#f1eee6') + drawDrawstring([CX + 22, k.waistY + 30], [CX + 46, k.waistY + 190], '#f1eee6')
      : '';
  return drawPanel(sk, d, fab.fill, on + cuff) + (elastic ? '' : drawBeltLoops(fab, k, view === 'front' ? [130, 226] : [0, 130, 226], fab.stitch)) + strings;
}

function addMirroredPaths(paths: readonly string[]): string[] {
  return [...paths, ...paths.map((d) => d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${fmt(2 * CX - Number(x))} ${y}`))];
}

// ---------------------------------------------------------------- kids

const KIDS_SCALE = 0.62;
const KIDS_SHORTS: LegCut = { ...SHORTS_CUT, hemOuter: 300, hemInner: 26, kneeY: 1100, kneeOuter: 298 };

function drawKidsSet(sk: Sketch, style: GarmentStyle, view: View): string {
  const fab = prepareFabric(sk, style.colour, style);
  const accent = style.accent ?? '#2f4a7a';
  const star = writeStar([CX, 720], 62, 28);
  const badge =
    `<circle cx="${CX}" cy="720" r="104" fill="${accent}"/>` +
    `<circle cx="${CX}" cy="720" r="88" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="4" stroke-dasharray="10 8"/>` +
    `<path d="${star}" fill="${measureLuminance(style.colour) > 0.5 && style.pattern !== 'stripes' ? style.colour : '#ffd23f'}"/>` +
    `<path d="${star}" fill="#fff" fill-opacity=".15" transform="translate(-3 -3)"/>`;
  const place = (y0: number, top: number) => `translate(${fmt(CX * (1 - KIDS_SCALE))} ${fmt(top - y0 * KIDS_SCALE)}) scale(${KIDS_SCALE})`;
  return (
    sk.traceWithin(place(KIDS_SHORTS.waistY, 900), () => drawShorts(sk, { colour: accent }, view, KIDS_SHORTS, true)) +
    sk.traceWithin(place(TEE_CUT.neckY, 250), () => drawTee(sk, fab, TEE_CUT, view, accent, style.pattern === 'stripes' ? '' : badge))
  );
}

function writeStar(c: Pt, outer: number, inner: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${fmt(c[0] + r * Math.cos(a))} ${fmt(c[1] + r * Math.sin(a))}`;
  });
  return `M${points.join('L')}Z`;
}

// ---------------------------------------------------------------- background and framing

function drawStudio(floorY: number, floorHalf: number): string {
  return (
    `<defs><linearGradient id="bgWall" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#f7f6f3"/><stop offset=".72" stop-color="#efede9"/><stop offset="1" stop-color="#e4e1dc"/></linearGradient>` +
    `<radialGradient id="bgLight" cx=".45" cy=".36" r=".62"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="bgFloor"><stop offset="0" stop-color="#000" stop-opacity=".24"/><stop offset=".55" stop-color="#000" stop-opacity=".1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgWall)"/>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bgLight)"/>` +
    `<ellipse cx="${CX}" cy="${floorY}" rx="${floorHalf}" ry="44" fill="url(#bgFloor)"/>`
  );
}

interface Drawing {
  body: string;
  defs: string;
  floorY: number;
  floorHalf: number;
  /** Where the garment lies, for framing a tile. */
  bounds: Box;
  /** The close-up crop: collar and chest, or the waistband. */
  detail: Box;
}

/** A soft silhouette under the garment that lifts it off the wall, feathered by widening strokes. */
function drawDropShadow(sk: Sketch): string {
  const outline = sk.writeOutline();
  const layers = [44, 30, 18, 8, 0]
    .map((w) => `<g opacity=".07" stroke="#000" stroke-width="${w}" stroke-linejoin="round" fill="#000">${outline}</g>`)
    .join('');
  return `<g transform="translate(6 20)">${layers}</g>`;
}

interface Framing {
  floorY: number;
  floorHalf: number;
  bounds: Box;
  detail: Box;
}

const TOP_FRAME: Framing = { floorY: 1480, floorHalf: 380, bounds: [90, 170, 1020, 1200], detail: [330, 290, 540, 810] };
const FRAMES: Record<GarmentKind, Framing> = {
  tshirt: TOP_FRAME,
  shirt: { ...TOP_FRAME, detail: [320, 300, 560, 840] },
  polo: TOP_FRAME,
  sweatshirt: TOP_FRAME,
  hoodie: { ...TOP_FRAME, detail: [310, 150, 580, 870] },
  jacket: { ...TOP_FRAME, detail: [300, 300, 600, 900] },
  trousers: { floorY: 1575, floorHalf: 300, bounds: [330, 290, 540, 1250], detail: [340, 260, 520, 780] },
  jeans: { floorY: 1575, floorHalf: 300, bounds: [330, 290, 540, 1250], detail: [340, 260, 520, 780] },
  shorts: { floorY: 1360, floorHalf: 340, bounds: [290, 460, 620, 810], detail: [330, 420, 540, 810] },
  'kids-set': { floorY: 1430, floorHalf: 330, bounds: [270, 240, 660, 1130], detail: [390, 220, 420, 630] },
};

/** Long legs drawn a little smaller, so the 3:4 product card's crop keeps waist and hem. */
const TROUSER_FIT = `translate(${fmt(CX * 0.1)} ${fmt(900 * 0.1)}) scale(.9)`;

const DRAWERS: Record<GarmentKind, (sk: Sketch, style: GarmentStyle, view: View) => string> = {
  tshirt: drawTshirt,
  shirt: drawShirt,
  polo: drawPolo,
  trousers: (sk, style, view) => sk.traceWithin(TROUSER_FIT, () => drawTrousers(sk, style, view)),
  jeans: (sk, style, view) => sk.traceWithin(TROUSER_FIT, () => drawJeans(sk, style, view)),
  shorts: (sk, style, view) => drawShorts(sk, style, view),
  hoodie: drawHoodie,
  jacket: drawJacket,
  sweatshirt: drawSweatshirt,
  'kids-set': drawKidsSet,
};

function drawKind(kind: GarmentKind, style: GarmentStyle, view: View): Drawing {
  const sk = new Sketch();
  const garment = DRAWERS[kind](sk, style, view);
  const body = drawDropShadow(sk) + garment;
  return { body, defs: sk.writeDefs(), ...FRAMES[kind] };
}

/** An SVG string, viewBox 0 0 1200 1800 (portrait 2:3), the garment centred on a clean light studio background (soft gradient, subtle floor shadow). */
export function drawGarment(kind: GarmentKind, style: GarmentStyle): string {
  const view = style.view ?? 'front';
  const drawing = drawKind(kind, style, view === 'back' ? 'back' : 'front');
  const box: Box = view === 'detail' ? drawing.detail : [0, 0, WIDTH, HEIGHT];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="${box.join(' ')}">` +
    drawing.defs +
    drawStudio(drawing.floorY, drawing.floorHalf) +
    drawing.body +
    `</svg>`
  );
}

/** An 800x800 SVG of the garment on a background tinted from its colour, for a category tile. */
export function drawCategoryTile(kind: GarmentKind, colour: string): string {
  const drawing = drawKind(kind, { colour }, 'front');
  const [bx, by, bw, bh] = drawing.bounds;
  const size = 800;
  const fit = Math.min(580 / bw, 620 / bh);
  const tx = size / 2 - (bx + bw / 2) * fit;
  const ty = size / 2 - 10 - (by + bh / 2) * fit;
  const pale = mixColours(colour, '#ffffff', 0.8);
  const paler = mixColours(colour, '#ffffff', 0.92);
  const deeper = mixColours(colour, '#ffffff', 0.66);
  const shadowY = (by + bh) * fit + ty + 26;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs><radialGradient id="tileBg" cx=".5" cy=".42" r=".78"><stop offset="0" stop-color="${paler}"/><stop offset=".65" stop-color="${pale}"/><stop offset="1" stop-color="${deeper}"/></radialGradient>` +
    `<filter id="tileBlur" x="-50%" y="-300%" width="200%" height="700%"><feGaussianBlur stdDeviation="12"/></filter></defs>` +
    `<rect width="${size}" height="${size}" fill="url(#tileBg)"/>` +
    `<ellipse cx="${size / 2}" cy="${fmt(shadowY)}" rx="${fmt(Math.min(drawing.floorHalf, bw / 2) * fit * 0.9)}" ry="14" fill="${shadeColour(colour, -0.6)}" fill-opacity=".25" filter="url(#tileBlur)"/>` +
    `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${fit.toFixed(4)})">${drawing.defs}${drawing.body}</g>` +
    `</svg>`
  );
}
