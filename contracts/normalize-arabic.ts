/**
 * Folds the ways shoppers spell the same Arabic word into one form, at write time (the
 * products' search column) and at query time (the keyword), so both sides meet.
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ARABIC_INDIC = /[\u0660-\u0669]/g;
const PERSIAN_DIGITS = /[\u06F0-\u06F9]/g;

/** Whole-word synonyms and plurals, written already normalised, mapped to the catalogue's word. */
const SYNONYMS: Record<string, string> = {
  tshirt: 'تيشيرت',
  tshirts: 'تيشيرت',
  't-shirt': 'تيشيرت',
  tee: 'تيشيرت',
  تيشرت: 'تيشيرت',
  تشيرت: 'تيشيرت',
  تيشيرتات: 'تيشيرت',
  تيشرتات: 'تيشيرت',
  shirt: 'قميص',
  shirts: 'قميص',
  قمصان: 'قميص',
  قميص: 'قميص',
  polo: 'بولو',
  بولوهات: 'بولو',
  pants: 'بنطلون',
  trousers: 'بنطلون',
  بنطلونات: 'بنطلون',
  بناطيل: 'بنطلون',
  بنطال: 'بنطلون',
  jeans: 'جينز',
  shorts: 'شورت',
  short: 'شورت',
  شورتات: 'شورت',
  hoodie: 'هودي',
  هوديز: 'هودي',
  هوديات: 'هودي',
  jacket: 'جاكيت',
  جاكت: 'جاكيت',
  جواكت: 'جاكيت',
  جاكيتات: 'جاكيت',
  sweatshirt: 'سويتشيرت',
  سويت: 'سويتشيرت',
  سويتشرت: 'سويتشيرت',
  kids: 'اطفال',
  children: 'اطفال',
  ولادي: 'اطفال',
  men: 'رجال',
  رجالي: 'رجال',
  summer: 'صيف',
  صيفي: 'صيف',
  winter: 'شتاء',
  شتوي: 'شتاء',
  شتا: 'شتاء',
  شتويه: 'شتاء',
  صيفيه: 'صيف',
};

/** Joins words a shopper may write in two ("تي شيرت") before splitting. */
const JOINED: [RegExp, string][] = [
  [/تي\s+شيرت/g, 'تيشيرت'],
  [/تي\s+شرت/g, 'تيشيرت'],
  [/t\s*-?\s*shirt/g, 'tshirt'],
  [/سويت\s+شيرت/g, 'سويتشيرت'],
];

/** Normalises letters, digits and spacing; keeps word boundaries. */
export function normalizeArabic(text: string): string {
  let s = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(PERSIAN_DIGITS, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
  for (const [pattern, joined] of JOINED) s = s.replace(pattern, joined);
  return s
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Strips the definite article and maps a word to its catalogue form. */
function foldWord(word: string): string {
  const direct = SYNONYMS[word];
  if (direct) return direct;
  const bare = word.length > 4 && word.startsWith('ال') ? word.slice(2) : word;
  return SYNONYMS[bare] ?? bare;
}

/** The searchable words of a text: normalised, article stripped, synonyms folded. */
export function searchWords(text: string): string[] {
  return normalizeArabic(text)
    .split(' ')
    .filter(Boolean)
    .map(foldWord);
}

/** The text stored in a product's search column. */
export function toSearchText(...parts: string[]): string {
  return searchWords(parts.join(' ')).join(' ');
}

const LETTER_FOLDS: [string, string][] = [
  ['أ', 'ا'],
  ['إ', 'ا'],
  ['آ', 'ا'],
  ['ٱ', 'ا'],
  ['ى', 'ي'],
  ['ة', 'ه'],
  ['ؤ', 'و'],
  ['ئ', 'ي'],
];
const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCharCode(first + i)).join('');
/** The marks DIACRITICS removes, and tatweel. */
const DROPPED = range(0x0610, 0x061a) + range(0x064b, 0x065f) + range(0x0670, 0x0670) + range(0x06d6, 0x06ed) + range(0x0640, 0x0640);

/**
 * How a colour's name is folded, written so the database can fold it the same way with
 * `translate` (core/catalogue/colors.ts): each letter of `from` becomes the one at its place in
 * `to`, and those past the end of `to` (diacritics, tatweel) are dropped.
 */
export const COLOR_NAME_FOLD = {
  from: LETTER_FOLDS.map(([letter]) => letter).join('') + DROPPED,
  to: LETTER_FOLDS.map(([, folded]) => folded).join(''),
} as const;
const COLOR_FOLDED = new Map([...COLOR_NAME_FOLD.from].map((letter, i) => [letter, COLOR_NAME_FOLD.to[i] ?? '']));

/**
 * A colour's name as shoppers may spell it, folded to one form: lower case, the forms of alef,
 * alef maqsura, ta marbuta and hamza seats folded as normalizeArabic folds them, diacritics and
 * tatweel dropped, spaces collapsed (`أسود`, `اسود` and ` اسوَد ` are one colour).
 */
export function foldColorName(name: string): string {
  return [...name.toLowerCase()]
    .map((letter) => COLOR_FOLDED.get(letter) ?? letter)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
