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
  readonly soft: string;
  readonly shadeAcross: string;
  readonly shadeDown: string;
  readonly glow: string;
  readonly rib: string;

  constructor() {
    this.soft = this.define(
      'soft',
      (id) =>
        `<filter id="${id}" filterUnits="userSpaceOnUse" x="-200" y="-200" width="${WIDTH + 400}" height="${HEIGHT + 400}"><feGaussianBlur stdDeviation="7"/></filter>`,
    );
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
function drawFolds(sk: Sketch, paths: readonly string[], strength = 1, width = 16): string {
  if (paths.length === 0) return '';
  const shadow = paths
    .map((d) => `<path d="${d}" stroke="#000" stroke-opacity="${(0.16 * strength).toFixed(3)}" stroke-width="${width}"/>`)
    .join('');
  const ridge = paths
    .map(
      (d) =>
        `<path d="${d}" transform="translate(-9 -4)" stroke="#fff" stroke-opacity="${(0.13 * strength).toFixed(3)}" stroke-width="${width * 0.6}"/>`,
    )
    .join('');
  return `<g fill="none" stroke-linecap="round" filter="url(#${sk.soft})">${shadow}${ridge}</g>`;
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
      { c1: addPts(shoulder, scalePt(shoulderDir, 60)), c2: subPts(outerTop, scalePt(along, 70)), to: outerTop },
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
    sk,
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
      drawFolds(sk, [across(1 - 100 / s.length)], 1.1, 12) +
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

function drawTorsoFolds(sk: Sketch, c: TopCut, hemY = c.hemY): string {
  const ax = c.armpitHalf;
  return drawFolds(sk, [
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
  const c = TEE_CUT;
  const fab = prepareFabric(sk, style.colour, style);
  return drawTee(sk, fab, c, view);
}

function drawTee(sk: Sketch, fab: Fabric, c: TopCut, view: View, trim?: string, badge?: string): string {
  const drop = view === 'front' ? c.frontDrop : c.backDrop;
  const torso = writeTorso(c, drop);
  const rib = trim ?? fab.trim;
  const neck = writeNeckline(c, drop);
  const on =
    drawChestGlow(sk, torso) +
    drawTorsoFolds(sk, c) +
    drawRibStroke(neck, rib, 56) +
    `<g transform="translate(0 34)">${drawStitch(neck, fab.stitch)}</g>` +
    drawSeam(`M${pt([CX + c.neckHalf, c.neckY])}L${pt([CX + c.shoulderHalf, c.shoulderY])}`, fab, 2) +
    drawSeam(`M${pt([CX - c.neckHalf, c.neckY])}L${pt([CX - c.shoulderHalf, c.shoulderY])}`, fab, 2) +
    drawStitch(writeHemLine(c, c.hemY - 34), fab.stitch) +
    drawStitch(writeHemLine(c, c.hemY - 44), fab.stitch) +
    (badge ?? '');
  return (
    (view === 'front' ? drawInsideBack(sk, fab, c) : '') +
    drawBothSides(drawSleeve(sk, fab, c, SHORT_SLEEVE, trim ? 'band' : 'hem', trim)) +
    drawPanel(sk, torso, fab.fill, on)
  );
}

// ---------------------------------------------------------------- background and framing

function drawStudio(floorY: number, floorHalf: number, box: Box = [0, 0, WIDTH, HEIGHT]): string {
  const [x, y, w, h] = box;
  return (
    `<defs><linearGradient id="bgWall" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#f7f6f3"/><stop offset=".72" stop-color="#efede9"/><stop offset="1" stop-color="#e4e1dc"/></linearGradient>` +
    `<radialGradient id="bgLight" cx=".45" cy=".36" r=".62"><stop offset="0" stop-color="#fff" stop-opacity=".85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<filter id="bgBlur" filterUnits="userSpaceOnUse" x="0" y="0" width="${WIDTH}" height="${HEIGHT}"><feGaussianBlur stdDeviation="26"/></filter></defs>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#bgWall)"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#bgLight)"/>` +
    `<ellipse cx="${CX}" cy="${floorY}" rx="${floorHalf}" ry="34" fill="#000" fill-opacity=".2" filter="url(#bgBlur)"/>`
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

/** The garment drawn twice: once as a blurred shadow that lifts it off the wall. */
function liftGarment(sk: Sketch, body: string): string {
  const id = sk.define('garment', (gid) => `<g id="${gid}">${body}</g>`);
  const drop = sk.define(
    'drop',
    (fid) =>
      `<filter id="${fid}" filterUnits="userSpaceOnUse" x="-200" y="-200" width="${WIDTH + 400}" height="${HEIGHT + 400}"><feGaussianBlur in="SourceAlpha" stdDeviation="16"/><feOffset dx="6" dy="22"/></filter>`,
  );
  return `<use href="#${id}" filter="url(#${drop})" opacity=".3"/><use href="#${id}"/>`;
}

function drawKind(kind: GarmentKind, style: GarmentStyle, view: View): Drawing {
  const sk = new Sketch();
  const top = (body: string, detail: Box = [330, 300, 540, 810]): Drawing => ({
    body: liftGarment(sk, body),
    defs: sk.writeDefs(),
    floorY: 1470,
    floorHalf: 380,
    bounds: [90, 200, 1020, 1200],
    detail,
  });
  switch (kind) {
    case 'tshirt':
      return top(drawTshirt(sk, style, view));
    default:
      return top(drawTshirt(sk, style, view));
  }
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
  const fit = Math.min(560 / bw, 600 / bh);
  const tx = size / 2 - (bx + bw / 2) * fit;
  const ty = size / 2 + 10 - (by + bh / 2) * fit;
  const pale = mixColours(colour, '#ffffff', 0.84);
  const paler = mixColours(colour, '#ffffff', 0.93);
  const deeper = mixColours(colour, '#ffffff', 0.72);
  const shadowY = (by + bh) * fit + ty + 22;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs><radialGradient id="tileBg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${paler}"/><stop offset=".7" stop-color="${pale}"/><stop offset="1" stop-color="${deeper}"/></radialGradient>` +
    `<filter id="tileBlur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter></defs>` +
    `<rect width="${size}" height="${size}" fill="url(#tileBg)"/>` +
    `<circle cx="${size / 2}" cy="${size / 2 - 10}" r="300" fill="#fff" fill-opacity=".45"/>` +
    `<ellipse cx="${size / 2}" cy="${fmt(shadowY)}" rx="${fmt(drawing.floorHalf * fit)}" ry="16" fill="${shadeColour(colour, -0.5)}" fill-opacity=".22" filter="url(#tileBlur)"/>` +
    `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${fit.toFixed(4)})">${drawing.defs}${drawing.body}</g>` +
    `</svg>`
  );
}
