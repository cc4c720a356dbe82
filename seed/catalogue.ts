/**
 * The demo catalogue: categories and products, written out as product lines (one model in
 * several colours) so titles read like a real shop's; most colours are products of their own,
 * and a few products come in several colours, each with its pictures and pieces per size.
 * Everything here is deterministic, so every seed gives the same store.
 */
import type { GarmentKind, Pattern } from './garments.ts';

export interface SeedCategory {
  key: string;
  name: string;
  garment: GarmentKind;
  colour: string;
}

/** A colour a product comes in (API.md "Additions: colours beside sizes"). */
export interface SeedColour {
  name: string;
  /** What its swatch shows and its pictures are drawn in. */
  hex: string;
  /** Its stripes, checks or trim, as the product's `accent`. */
  accent?: string;
  /** Pieces of each of the product's sizes. */
  stock: Record<string, number>;
}

export interface SeedProduct {
  title: string;
  description: string;
  categoryKey: string;
  garment: GarmentKind;
  colour: string;
  accent?: string;
  pattern?: Pattern;
  price: number;
  priceAfterDiscount: number;
  quantity: number;
  age: 'رجال' | 'أطفال';
  season: 'صيف' | 'شتاء' | 'جميعاً';
  availableSizes: string[];
  available: boolean;
  barcode: string;
  sale: string;
  images: number;
  daysAgo: number;
  /** The colours it comes in, the first drawn on its cover; none for a product in one colour. */
  colours?: SeedColour[];
}

export const seedCategories: SeedCategory[] = [
  { key: 'tshirt', name: 'تيشيرت', garment: 'tshirt', colour: '#1f2a44' },
  { key: 'shirt', name: 'قميص', garment: 'shirt', colour: '#a9cfe8' },
  { key: 'polo', name: 'بولو', garment: 'polo', colour: '#2e6b4f' },
  { key: 'trousers', name: 'بنطلون', garment: 'trousers', colour: '#c8b48a' },
  { key: 'jeans', name: 'جينز', garment: 'jeans', colour: '#3b5d8f' },
  { key: 'shorts', name: 'شورت', garment: 'shorts', colour: '#d1a12a' },
  { key: 'hoodie', name: 'هودي', garment: 'hoodie', colour: '#7d828a' },
  { key: 'jacket', name: 'جاكيت', garment: 'jacket', colour: '#4b5320' },
  { key: 'sweatshirt', name: 'سويتشيرت', garment: 'sweatshirt', colour: '#6d1f2f' },
  { key: 'kids', name: 'ملابس أطفال', garment: 'kids-set', colour: '#f6c445' },
];

/** A colour as the shop names it, with the hex the artwork is drawn in. */
type Colour = readonly [name: string, hex: string];

const C = {
  navy: ['كحلي', '#1f2a44'],
  white: ['أبيض', '#f4f1ea'],
  black: ['أسود', '#1b1b1d'],
  grey: ['رمادي', '#7d828a'],
  lightGrey: ['رمادي فاتح', '#b9bcc0'],
  charcoal: ['فحمي', '#3a3d42'],
  beige: ['بيج', '#d8cbb0'],
  khaki: ['كاكي', '#c8b48a'],
  olive: ['زيتي', '#4b5320'],
  green: ['أخضر', '#2e6b4f'],
  mint: ['أخضر نعناعي', '#a8d5ba'],
  burgundy: ['نبيتي', '#6d1f2f'],
  red: ['أحمر', '#c8102e'],
  blue: ['أزرق', '#2f5d9e'],
  sky: ['لبني', '#a9cfe8'],
  pink: ['وردي', '#e9b3c2'],
  mustard: ['مستردة', '#d1a12a'],
  yellow: ['أصفر', '#f6c445'],
  orange: ['برتقالي', '#e8743b'],
  coral: ['كورال', '#ef6f5a'],
  brown: ['بني', '#6b4a2f'],
  camel: ['جملي', '#b48a5a'],
  cream: ['كريمي', '#efe6d2'],
  petrol: ['بترولي', '#1f5560'],
  turquoise: ['تركواز', '#2aa3a3'],
  mauve: ['موف', '#7a5c99'],
  denim: ['أزرق', '#3b5d8f'],
  darkDenim: ['أزرق غامق', '#1e2a3d'],
  lightDenim: ['أزرق فاتح', '#7d9cc4'],
  blackDenim: ['أسود', '#2a2b2f'],
  greyDenim: ['رمادي', '#6a7079'],
} as const satisfies Record<string, Colour>;

type Season = SeedProduct['season'];
type Age = SeedProduct['age'];

interface Variant {
  colour: Colour;
  /** A second colour: stripes or checks over the first, a polo's tipping, a kids' set's shorts. */
  accent?: Colour;
  pattern?: Pattern;
  /** Percent off the line's price. */
  off?: number;
  sale?: string;
  soldOut?: boolean;
  hidden?: boolean;
  images?: number;
  /**
   * The same product also comes in these colours, after its own: then its title names none,
   * and each colour has its own pictures and pieces.
   */
  alsoIn?: readonly { colour: Colour; accent?: Colour }[];
}

interface ProductLine {
  categoryKey: string;
  garment: GarmentKind;
  title: string;
  description: string;
  price: number;
  season: Season;
  age: Age;
  sizes: readonly string[];
  variants: readonly Variant[];
}

const TOPS = ['s', 'm', 'l', 'xl', '2x'];
const TOPS_WIDE = ['m', 'l', 'xl', '2x', '3x', '4x'];
const TOPS_SLIM = ['xs', 's', 'm', 'l', 'xl'];
const WAISTS = ['30', '32', '34', '36', '38', '40'];
const WAISTS_WIDE = ['32', '34', '36', '38', '40', '42', '44'];
const WAISTS_BIG = ['36', '38', '40', '42', '44', '46', '48', '50'];
const KIDS_SMALL = ['4', '5', '6', '7', '8'];
const KIDS = ['4', '6', '8', '10', '12'];
const KIDS_BIG = ['8', '10', '12', '14'];

const LINES: ProductLine[] = [
  // ----- T-shirts
  {
    categoryKey: 'tshirt',
    garment: 'tshirt',
    title: 'تيشيرت قطن رجالي بياقة دائرية',
    description: 'تيشيرت قطن مصري 100% بياقة دائرية مضلعة وقصة مريحة، خامة ناعمة تتحمل الغسيل المتكرر ومناسبة للبس اليومي.',
    price: 199,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      { colour: C.navy, off: 20, sale: 'خصم 20%' },
      { colour: C.white },
      { colour: C.black, off: 20 },
      { colour: C.grey },
      { colour: C.olive, soldOut: true },
      { colour: C.burgundy },
    ],
  },
  {
    categoryKey: 'tshirt',
    garment: 'tshirt',
    title: 'تيشيرت أوفر سايز قطن ثقيل',
    description: 'تيشيرت بقصة أوفر سايز واسعة وأكتاف منسدلة، من قطن ثقيل 220 جرام يحافظ على شكله بعد الغسيل.',
    price: 279,
    season: 'صيف',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.beige }, { colour: C.black, off: 15 }, { colour: C.sky }, { colour: C.mustard, sale: 'عرض الصيف', off: 25 }],
  },
  {
    categoryKey: 'tshirt',
    garment: 'tshirt',
    title: 'تيشيرت مقلم قطن رجالي',
    description: 'تيشيرت بخطوط عرضية على الطراز البحري، قطن ناعم خفيف وياقة دائرية، يتنسق بسهولة مع الجينز والشورت.',
    price: 229,
    season: 'صيف',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      { colour: C.white, accent: C.navy, pattern: 'stripes' },
      { colour: C.navy, accent: C.white, pattern: 'stripes' },
      { colour: C.cream, accent: C.red, pattern: 'stripes', off: 20 },
    ],
  },
  {
    categoryKey: 'tshirt',
    garment: 'tshirt',
    title: 'تيشيرت بيسك قطن سليم فيت',
    description: 'تيشيرت أساسي بقصة سليم فيت تحدد الجسم بدون ضيق، قطن مرن خفيف يصلح تحت القميص أو لوحده.',
    price: 129,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS_SLIM,
    variants: [{ colour: C.white }, { colour: C.lightGrey }, { colour: C.mint }],
  },
  {
    categoryKey: 'tshirt',
    garment: 'tshirt',
    title: 'تيشيرت أطفال قطن بأكمام قصيرة',
    description: 'تيشيرت أطفال من القطن الناعم على البشرة، ألوان مبهجة ثابتة وياقة مرنة سهلة في اللبس والخلع.',
    price: 119,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS,
    variants: [{ colour: C.yellow }, { colour: C.sky }, { colour: C.red, off: 20 }],
  },

  // ----- Shirts
  {
    categoryKey: 'shirt',
    garment: 'shirt',
    title: 'قميص أكسفورد قطن رجالي بكم طويل',
    description: 'قميص أكسفورد كلاسيك من القطن بنسيج متين، ياقة بزراير وجيب صدر، مناسب للشغل والخروج.',
    price: 449,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.sky }, { colour: C.white, sale: 'الأكثر مبيعاً' }, { colour: C.pink, off: 20 }],
  },
  {
    categoryKey: 'shirt',
    garment: 'shirt',
    title: 'قميص لينين رجالي صيفي',
    description: 'قميص من اللينين الطبيعي خفيف ومسامي يسمح بمرور الهواء، مثالي لأيام الصيف الحارة والمصايف.',
    price: 499,
    season: 'صيف',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.white }, { colour: C.beige, off: 20, sale: 'عرض الصيف' }, { colour: C.sky }, { colour: C.olive, soldOut: true }],
  },
  {
    categoryKey: 'shirt',
    garment: 'shirt',
    title: 'قميص كاروه فلانيل رجالي',
    description: 'قميص فلانيل قطن مبطن بالوبر من الداخل بنقشة كاروه دافئة، يلبس لوحده أو فوق تيشيرت في الشتاء.',
    price: 399,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      { colour: C.cream, accent: C.red, pattern: 'checks' },
      { colour: C.mint, accent: C.green, pattern: 'checks' },
      { colour: C.lightGrey, accent: C.navy, pattern: 'checks', off: 25 },
    ],
  },
  {
    categoryKey: 'shirt',
    garment: 'shirt',
    title: 'قميص جينز رجالي بكم طويل',
    description: 'قميص من قماش الجينز الخفيف بغسلة ناعمة، جيب صدر وزراير ثابتة، يلبس مقفول أو مفتوح فوق تيشيرت.',
    price: 549,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.denim }, { colour: C.lightDenim }],
  },
  {
    categoryKey: 'shirt',
    garment: 'shirt',
    title: 'قميص قطن مقلم سليم فيت',
    description: 'قميص بخطوط طولية رفيعة وقصة سليم فيت أنيقة، قطن سهل الكوي، يناسب البدلة والجينز على حد سواء.',
    price: 379.5,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS_SLIM,
    variants: [
      { colour: C.white, accent: C.blue, pattern: 'stripes' },
      { colour: C.sky, accent: C.navy, pattern: 'stripes', hidden: true },
    ],
  },

  // ----- Polos
  {
    categoryKey: 'polo',
    garment: 'polo',
    title: 'بولو بيكيه قطن رجالي',
    description: 'بولو من قطن البيكيه المسامي بياقة وأساور مضلعة وثلاث زراير، شياكة كاجوال لأيام الصيف.',
    price: 349,
    season: 'صيف',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.navy }, { colour: C.white }, { colour: C.red, off: 20 }, { colour: C.green }, { colour: C.yellow }],
  },
  {
    categoryKey: 'polo',
    garment: 'polo',
    title: 'بولو مقلم رجالي بياقة بيضاء',
    description: 'بولو بخطوط عرضية وياقة سادة، قطن خفيف يمتص العرق، مناسب للخروجات والإجازات.',
    price: 329,
    season: 'صيف',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      { colour: C.white, accent: C.navy, pattern: 'stripes', sale: 'جديد' },
      { colour: C.sky, accent: C.white, pattern: 'stripes' },
    ],
  },
  {
    categoryKey: 'polo',
    garment: 'polo',
    title: 'بولو قطن بحواف ملونة على الياقة',
    description: 'بولو قطن بيكيه بحافة ملونة على الياقة تضيف لمسة رياضية، قصة مستقيمة وفتحات جانبية عند الذيل.',
    price: 379,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [
      { colour: C.white, accent: C.navy },
      { colour: C.black, accent: C.red, off: 15 },
    ],
  },
  {
    categoryKey: 'polo',
    garment: 'polo',
    title: 'بولو أطفال قطن',
    description: 'بولو أطفال بياقة ناعمة وزراير سهلة، قطن يتحمل اللعب والغسيل، مناسب للمدرسة والمناسبات.',
    price: 189,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS,
    variants: [{ colour: C.sky }, { colour: C.red }],
  },

  // ----- Trousers
  {
    categoryKey: 'trousers',
    garment: 'trousers',
    title: 'بنطلون تشينو قطن رجالي سليم فيت',
    description: 'بنطلون تشينو قطن بلمسة مرنة وقصة سليم فيت، جيوب جانبية مائلة وحزام بأماكن للحزام، للشغل والخروج.',
    price: 549,
    season: 'جميعاً',
    age: 'رجال',
    sizes: WAISTS,
    variants: [
      { colour: C.khaki, sale: 'الأكثر مبيعاً' },
      { colour: C.navy },
      { colour: C.olive, off: 20 },
      { colour: C.beige },
      { colour: C.black, soldOut: true },
    ],
  },
  {
    categoryKey: 'trousers',
    garment: 'trousers',
    title: 'بنطلون لينين رجالي واسع',
    description: 'بنطلون من اللينين الخفيف بقصة واسعة مريحة، مثالي للحر والسفر، مع كسرة أمامية تحافظ على أناقته.',
    price: 599,
    season: 'صيف',
    age: 'رجال',
    sizes: WAISTS_WIDE,
    variants: [{ colour: C.beige }, { colour: C.cream, off: 25 }, { colour: C.lightGrey }],
  },
  {
    categoryKey: 'trousers',
    garment: 'trousers',
    title: 'بنطلون صوف رجالي كلاسيك',
    description: 'بنطلون من خليط الصوف الدافئ بكسرة أمامية واضحة، قصة كلاسيك مستقيمة تناسب البدلة والقميص في الشتاء.',
    price: 899,
    season: 'شتاء',
    age: 'رجال',
    sizes: WAISTS_BIG,
    variants: [{ colour: C.charcoal }, { colour: C.grey }, { colour: C.navy, off: 20, sale: 'عرض الشتاء' }],
  },
  {
    categoryKey: 'trousers',
    garment: 'trousers',
    title: 'بنطلون صوف كاروه رجالي',
    description: 'بنطلون صوف بنقشة كاروه هادئة، قماش دافئ لا يتكرمش بسهولة، يضيف شخصية للإطلالة الشتوية.',
    price: 949.99,
    season: 'شتاء',
    age: 'رجال',
    sizes: WAISTS,
    variants: [{ colour: C.grey, accent: C.charcoal, pattern: 'checks' }],
  },

  // ----- Jeans
  {
    categoryKey: 'jeans',
    garment: 'jeans',
    title: 'جينز رجالي سليم فيت',
    description: 'بنطلون جينز بقصة سليم فيت ونسبة ليكرا بسيطة للحركة، خياطة مزدوجة وزراير نحاسية، يعيش معك سنين.',
    price: 649,
    season: 'جميعاً',
    age: 'رجال',
    sizes: WAISTS,
    variants: [
      { colour: C.denim, sale: 'الأكثر مبيعاً' },
      { colour: C.darkDenim },
      { colour: C.lightDenim, off: 20 },
      { colour: C.blackDenim },
    ],
  },
  {
    categoryKey: 'jeans',
    garment: 'jeans',
    title: 'جينز رجالي ريجولر فيت مستقيم',
    description: 'جينز بقصة مستقيمة مريحة من الفخذ للرجل، قماش قطني سميك وغسلة كلاسيك تناسب كل الأوقات.',
    price: 599,
    season: 'جميعاً',
    age: 'رجال',
    sizes: WAISTS_BIG,
    variants: [{ colour: C.denim }, { colour: C.darkDenim, off: 15 }],
  },
  {
    categoryKey: 'jeans',
    garment: 'jeans',
    title: 'جينز سكيني رجالي بغسلة فاتحة',
    description: 'جينز سكيني ضيق بخامة مطاطة، غسلة فاتحة بتأثير باهت عند الفخذ، يتنسق مع التيشيرت والسنيكرز.',
    price: 699,
    season: 'صيف',
    age: 'رجال',
    sizes: ['30', '32', '34', '36'],
    variants: [{ colour: C.lightDenim }, { colour: C.greyDenim, hidden: true }],
  },
  {
    categoryKey: 'jeans',
    garment: 'jeans',
    title: 'جينز أطفال بوسط مرن',
    description: 'جينز أطفال بوسط مطاط من الداخل يضبط المقاس، قماش متين يتحمل اللعب وركب مقواة.',
    price: 299,
    season: 'جميعاً',
    age: 'أطفال',
    sizes: KIDS_BIG,
    variants: [{ colour: C.denim }, { colour: C.lightDenim, soldOut: true }],
  },

  // ----- Shorts
  {
    categoryKey: 'shorts',
    garment: 'shorts',
    title: 'شورت تشينو قطن رجالي',
    description: 'شورت تشينو قطن بطول فوق الركبة وثنية عند الرجل، جيوب جانبية وخلفية، رفيق مثالي للمصيف.',
    price: 279,
    season: 'صيف',
    age: 'رجال',
    sizes: WAISTS,
    variants: [{ colour: C.khaki }, { colour: C.navy, off: 20, sale: 'عرض الصيف' }, { colour: C.olive }, { colour: C.beige }],
  },
  {
    categoryKey: 'shorts',
    garment: 'shorts',
    title: 'شورت لينين رجالي خفيف',
    description: 'شورت من اللينين الطبيعي خفيف جداً وسريع الجفاف، مريح في الحر ويناسب البحر والخروجات.',
    price: 329,
    season: 'صيف',
    age: 'رجال',
    sizes: WAISTS,
    variants: [{ colour: C.cream }, { colour: C.sky }],
  },
  {
    categoryKey: 'shorts',
    garment: 'shorts',
    title: 'شورت قطن مقلم صيفي',
    description: 'شورت قطن بخطوط طولية رفيعة بروح البحر، خامة خفيفة وقصة مريحة لأيام الإجازة.',
    price: 299,
    season: 'صيف',
    age: 'رجال',
    sizes: WAISTS,
    variants: [{ colour: C.cream, accent: C.blue, pattern: 'stripes', alsoIn: [{ colour: C.sky, accent: C.white }] }],
  },
  {
    categoryKey: 'shorts',
    garment: 'shorts',
    title: 'شورت جينز رجالي',
    description: 'شورت جينز بغسلة فاتحة وثنية عند الرجل، قماش قطني متين وخياطة مزدوجة، أساسي في دولاب الصيف.',
    price: 349,
    season: 'صيف',
    age: 'رجال',
    sizes: WAISTS,
    variants: [{ colour: C.lightDenim }],
  },
  {
    categoryKey: 'shorts',
    garment: 'shorts',
    title: 'شورت قطن أطفال',
    description: 'شورت أطفال من القطن الخفيف بوسط مريح، مناسب للعب والنادي والمصيف، ألوان ثابتة لا تبهت.',
    price: 139,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS_SMALL,
    variants: [{ colour: C.navy }, { colour: C.mustard, off: 20 }],
  },

  // ----- Hoodies
  {
    categoryKey: 'hoodie',
    garment: 'hoodie',
    title: 'هودي قطن فليس رجالي',
    description: 'هودي دافئ من القطن المبطن بالفليس، كابيشون برباط وجيب كنغر أمامي وأساور مضلعة تحبس الدفء.',
    price: 649,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      { colour: C.grey },
      { colour: C.black },
      { colour: C.navy, off: 20 },
      { colour: C.burgundy },
      { colour: C.olive, soldOut: true },
    ],
  },
  {
    categoryKey: 'hoodie',
    garment: 'hoodie',
    title: 'هودي أوفر سايز ثقيل',
    description: 'هودي بقصة أوفر سايز واسعة من فليس ثقيل 380 جرام، كابيشون مبطن وجيب أمامي كبير للأيام الباردة.',
    price: 799,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.beige }, { colour: C.charcoal, off: 25, sale: 'عرض الشتاء' }, { colour: C.petrol }],
  },
  {
    categoryKey: 'hoodie',
    garment: 'hoodie',
    title: 'هودي أطفال فليس',
    description: 'هودي أطفال ناعم ودافئ بكابيشون مبطن وجيب أمامي، أساور مضلعة تحمي من البرد في طريق المدرسة.',
    price: 349,
    season: 'شتاء',
    age: 'أطفال',
    sizes: KIDS,
    variants: [{ colour: C.red }, { colour: C.sky }, { colour: C.mustard, off: 20 }],
  },

  // ----- Jackets
  {
    categoryKey: 'jacket',
    garment: 'jacket',
    title: 'جاكيت بومبر رجالي',
    description: 'جاكيت بومبر بسوستة معدنية وياقة عريضة، جيوب صدر بقلاب وأساور مضلعة، خفيف ودافئ لليالي الشتاء.',
    price: 1199,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.olive }, { colour: C.black, off: 20 }, { colour: C.navy }],
  },
  {
    categoryKey: 'jacket',
    garment: 'jacket',
    title: 'جاكيت جينز رجالي بسوستة',
    description: 'جاكيت من الجينز السميك بسوستة أمامية وجيوب صدر، يلبس طول السنة فوق التيشيرت أو الهودي.',
    price: 999,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.denim }, { colour: C.darkDenim }],
  },
  {
    categoryKey: 'jacket',
    garment: 'jacket',
    title: 'جاكيت كاروه مبطن',
    description: 'جاكيت بنقشة كاروه وبطانة دافئة من الداخل، ياقة عريضة وسوستة قوية، ستايل كاجوال للشتاء.',
    price: 1299,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.camel, accent: C.brown, pattern: 'checks', alsoIn: [{ colour: C.grey, accent: C.charcoal }] }],
  },
  {
    categoryKey: 'jacket',
    garment: 'jacket',
    title: 'جاكيت شتوي مبطن رجالي',
    description: 'جاكيت شتوي مبطن بحشو خفيف يحبس الحرارة، مقاوم للهواء والرذاذ، بجيوب صدر وجيوب جانبية.',
    price: 1499,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.camel }, { colour: C.navy, off: 20, sale: 'خصم 20%' }, { colour: C.black, soldOut: true }],
  },

  // ----- Sweatshirts
  {
    categoryKey: 'sweatshirt',
    garment: 'sweatshirt',
    title: 'سويتشيرت قطن فليس رجالي',
    description: 'سويتشيرت بياقة دائرية من قطن مبطن بالفليس، أساور وذيل مضلع، دافئ وخفيف في نفس الوقت.',
    price: 449,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS,
    variants: [{ colour: C.lightGrey }, { colour: C.navy }, { colour: C.beige, off: 20 }, { colour: C.burgundy }],
  },
  {
    categoryKey: 'sweatshirt',
    garment: 'sweatshirt',
    title: 'سويتشيرت مقلم رجالي',
    description: 'سويتشيرت بخطوط عرضية بحرية من قطن ناعم، ياقة وأساور مضلعة، يلبس فوق قميص أو لوحده.',
    price: 479,
    season: 'شتاء',
    age: 'رجال',
    sizes: TOPS,
    variants: [
      {
        colour: C.navy,
        accent: C.cream,
        pattern: 'stripes',
        alsoIn: [
          { colour: C.burgundy, accent: C.cream },
          { colour: C.green, accent: C.cream },
        ],
      },
    ],
  },
  {
    categoryKey: 'sweatshirt',
    garment: 'sweatshirt',
    title: 'سويتشيرت بيسك بياقة دائرية',
    description: 'سويتشيرت أساسي بقصة مستقيمة وخامة قطنية خفيفة، مناسب لأيام الخريف والربيع وتحت الجاكيت.',
    price: 399,
    season: 'جميعاً',
    age: 'رجال',
    sizes: TOPS_WIDE,
    variants: [{ colour: C.black }, { colour: C.olive, off: 15 }, { colour: C.mauve }],
  },
  {
    categoryKey: 'sweatshirt',
    garment: 'sweatshirt',
    title: 'سويتشيرت أطفال قطن',
    description: 'سويتشيرت أطفال من القطن الناعم بياقة مرنة وأساور مضلعة، دافئ ومريح للمدرسة واللعب.',
    price: 249,
    season: 'شتاء',
    age: 'أطفال',
    sizes: KIDS,
    variants: [{ colour: C.turquoise }, { colour: C.pink }],
  },

  // ----- Children's sets
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم أطفال تيشيرت وشورت بنجمة',
    description: 'طقم صيفي من تيشيرت قطن مطبوع عليه نجمة وشورت بوسط مطاط ورباط، مريح للعب والنادي والمصيف.',
    price: 299,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS,
    variants: [
      { colour: C.yellow, accent: C.navy, sale: 'جديد' },
      { colour: C.sky, accent: C.coral },
      { colour: C.mint, accent: C.navy, off: 20 },
    ],
  },
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم صيفي أطفال مقلم',
    description: 'طقم أطفال من تيشيرت مقلم بحواف ملونة وشورت قطن خفيف، ألوان مبهجة تناسب الإجازة والبحر.',
    price: 279,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS_SMALL,
    variants: [
      { colour: C.white, accent: C.red, pattern: 'stripes' },
      { colour: C.white, accent: C.navy, pattern: 'stripes', off: 25 },
    ],
  },
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم قطن أطفال للبيت',
    description: 'طقم بيتي للأطفال من القطن الناعم، تيشيرت وشورت واسعين للنوم واللعب، يتحمل الغسيل اليومي.',
    price: 249,
    season: 'جميعاً',
    age: 'أطفال',
    sizes: KIDS,
    variants: [
      { colour: C.orange, accent: C.navy },
      { colour: C.lightGrey, accent: C.petrol },
    ],
  },
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم أطفال رياضي للنادي',
    description: 'طقم رياضي للأطفال من قماش يمتص العرق، تيشيرت بحواف ملونة وشورت خفيف مناسب للتمرين والنادي.',
    price: 349,
    season: 'صيف',
    age: 'أطفال',
    sizes: KIDS_BIG,
    variants: [
      { colour: C.turquoise, accent: C.navy },
      { colour: C.red, accent: C.black, soldOut: true },
    ],
  },
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم أطفال بيسك قطن',
    description: 'طقم أساسي بسعر اقتصادي من تيشيرت وشورت قطن، خامة ناعمة مناسبة لبشرة الأطفال الحساسة.',
    price: 149,
    season: 'جميعاً',
    age: 'أطفال',
    sizes: KIDS_SMALL,
    variants: [
      { colour: C.white, accent: C.blue },
      { colour: C.pink, accent: C.mauve, hidden: true },
    ],
  },
  {
    categoryKey: 'kids',
    garment: 'kids-set',
    title: 'طقم أطفال كاجوال للخروج',
    description: 'طقم كاجوال للأطفال من تيشيرت قطن بطبعة نجمة وشورت بوسط مطاط ورباط، شيك للخروجات والزيارات العائلية.',
    price: 229.99,
    season: 'جميعاً',
    age: 'أطفال',
    sizes: KIDS,
    variants: [
      {
        colour: C.burgundy,
        accent: C.charcoal,
        alsoIn: [
          { colour: C.navy, accent: C.lightGrey },
          { colour: C.mustard, accent: C.navy },
        ],
      },
    ],
  },
];

const BARCODE_CODES: Record<string, string> = {
  tshirt: 'TS',
  shirt: 'SH',
  polo: 'PL',
  trousers: 'TR',
  jeans: 'JN',
  shorts: 'SR',
  hoodie: 'HD',
  jacket: 'JK',
  sweatshirt: 'SW',
  kids: 'KD',
};

/** A discounted price that ends in 9, the way shop prices do, and stays below the original. */
function discountPrice(price: number, percent: number): number {
  return Math.floor((price * (1 - percent / 100) + 1) / 10) * 10 - 1;
}

/** The colour part of a title; with a second colour, both: "أبيض وكحلي". */
function nameColours(v: Variant): string {
  return v.accent ? `${v.colour[0]} و${v.accent[0]}` : v.colour[0];
}

/**
 * The colours of a product that comes in several: its own first, then the others, each with
 * 3 to 11 pieces of every size but the last colour's last size, sold out.
 */
function buildColours(v: Variant, sizes: readonly string[], n: number): SeedColour[] {
  const all = [{ colour: v.colour, accent: v.accent }, ...(v.alsoIn ?? [])];
  return all.map(({ colour, accent }, k) => ({
    name: colour[0],
    hex: colour[1],
    ...(accent ? { accent: accent[1] } : {}),
    stock: Object.fromEntries(sizes.map((size, j) => [size, k === all.length - 1 && j === sizes.length - 1 ? 0 : 3 + (((n + 5 * k + 3 * j) * 7) % 9)])),
  }));
}

function buildProducts(): SeedProduct[] {
  const perCategory = new Map<string, number>();
  const products: SeedProduct[] = [];
  for (const line of LINES) {
    for (const v of line.variants) {
      const n = products.length;
      const inCategory = (perCategory.get(line.categoryKey) ?? 0) + 1;
      perCategory.set(line.categoryKey, inCategory);
      const colours = v.alsoIn ? buildColours(v, line.sizes, n) : undefined;
      products.push({
        title: colours ? line.title : `${line.title} - ${nameColours(v)}`,
        description: line.description,
        categoryKey: line.categoryKey,
        garment: line.garment,
        colour: v.colour[1],
        ...(v.accent ? { accent: v.accent[1] } : {}),
        ...(v.pattern ? { pattern: v.pattern } : {}),
        price: line.price,
        priceAfterDiscount: v.off ? discountPrice(line.price, v.off) : line.price,
        // Pseudo-random but fixed stock, spread over 3–60 pieces; with colours, theirs added up.
        quantity: colours ? colours.reduce((sum, c) => sum + Object.values(c.stock).reduce((a, b) => a + b, 0), 0) : v.soldOut ? 0 : 3 + ((n * 37 + 11) % 58),
        age: line.age,
        season: line.season,
        availableSizes: [...line.sizes],
        available: !v.hidden,
        barcode: `EG-${BARCODE_CODES[line.categoryKey] ?? 'XX'}-${1000 + inCategory}`,
        sale: v.sale ?? '',
        images: v.images ?? [3, 3, 2, 3, 1, 3, 2][n % 7] ?? 3,
        // Spread creation dates over four months so "new arrivals" are a real selection.
        daysAgo: (n * 53 + 7) % 121,
        ...(colours ? { colours } : {}),
      });
    }
  }
  return products;
}

export const seedProducts: SeedProduct[] = buildProducts();
