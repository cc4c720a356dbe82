/**
 * The words of `npm run bench`'s generated catalogue, and the misspelt words its storm searches
 * for: each request a different one, as a crowd of shoppers (or a script) typing would send.
 */
import { searchWords } from '../contracts/normalize-arabic.ts';

export const KINDS = ['تيشيرت', 'قميص', 'بولو', 'بنطلون', 'جينز', 'شورت', 'هودي', 'جاكيت', 'سويت شيرت', 'بيجامة', 'ترينج', 'كارديجان'];
export const FABRICS = ['قطن', 'لينين', 'صوف', 'فليس', 'دنيم', 'بوليستر', 'قطن مصري', 'جبردين'];
export const COLOURS = ['أبيض', 'أسود', 'كحلي', 'رمادي', 'بيج', 'زيتي', 'نبيتي', 'أزرق', 'أحمر', 'أخضر', 'موف', 'مستردة'];
export const FITS = ['مريح', 'ضيق', 'واسع', 'كلاسيك', 'رياضي', 'أوفر سايز'];

/** The catalogue's words of four letters or more, as the search normalises them: the ones it corrects. */
const STEMS = [...new Set(searchWords([...KINDS, ...FABRICS, ...COLOURS, ...FITS].join(' ')))].filter((word) => [...word].length >= 4);
const LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];

/**
 * The n-th misspelt word, every one different from the thousands before it. Even n: a word of
 * the catalogue with one letter dropped, doubled, swapped with its neighbour or changed, which
 * the search corrects and which then matches thousands of products (the costly search). Odd n:
 * five letters that spell nothing, which correct to nothing and match nothing (the cheap one,
 * as a script's gibberish would be). `kind` asks for one of the two only.
 */
export function misspelt(n: number, kind: MisspeltKind = 'mixed'): string {
  if (kind === 'corrected') return oneLetterOff(n);
  if (kind === 'gibberish') return gibberish(n);
  return n % 2 === 0 ? oneLetterOff(n / 2) : gibberish((n - 1) / 2);
}

/** Which misspelt words: both kinds in turn, or only one of them. */
export const MISSPELT_KINDS = ['mixed', 'corrected', 'gibberish'] as const;
export type MisspeltKind = (typeof MISSPELT_KINDS)[number];

/** Five letters from n: the digits, in base 28, of n scattered by a multiplicative hash. */
function gibberish(n: number): string {
  let x = (Math.imul(n + 1, 2_654_435_761) >>> 0) % LETTERS.length ** 5;
  let word = '';
  for (let i = 0; i < 5; i++) {
    word += LETTERS[x % LETTERS.length];
    x = Math.floor(x / LETTERS.length);
  }
  return word;
}

function oneLetterOff(n: number): string {
  const word = [...STEMS[n % STEMS.length]!];
  const length = word.length;
  const k = Math.floor(n / STEMS.length) % (length * (3 + LETTERS.length));
  if (k < 3 * length) {
    const at = Math.floor(k / 3);
    const edit = k % 3;
    if (edit === 0) word.splice(at, 1);
    else if (edit === 1) word.splice(at, 0, word[at]!);
    else if (at + 1 < length) [word[at], word[at + 1]] = [word[at + 1]!, word[at]!];
    else word.push(word[0]!);
  } else {
    word[(k - 3 * length) % length] = LETTERS[Math.floor((k - 3 * length) / length)]!;
  }
  return word.join('');
}
