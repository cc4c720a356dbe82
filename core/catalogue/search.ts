/**
 * Keyword search (docs/decisions/012-search-at-scale.md). Every word of the keyword must match a
 * word of the product's normalised search text, as its beginning (the word being typed, an
 * Arabic suffix). A word of four letters or more that begins no word of the catalogue is
 * corrected first: the vocabulary (search_terms) offers its words one letter away (missing,
 * extra, changed or swapped), and the product may match any of them. The match itself is one
 * GIN index lookup on products.search_vector, whatever the catalogue's size.
 *
 * Colours: a product's search text holds its colours' words, and a tag for each (`#كحلي`), which
 * no keyword word can spell (normalised words never hold `#`) and which the vocabulary keeps. A
 * keyword word whose tag the vocabulary has names a colour of the catalogue: it ranks products
 * with pieces in that colour first (core/catalogue/products.ts) instead of having to match, so
 * `قميص كحلي` finds every shirt, the navy ones first. A keyword of colour words alone matches them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { lexemesOf, products } from '../../db/schema.ts';

/** Words past this are ignored. */
const MAX_SEARCH_WORDS = 6;
/** Shorter words are not corrected: one letter off a three-letter word is another word. */
const MIN_CORRECTED_LENGTH = 4;
/** Vocabulary words a misspelt word may stand for. */
const MAX_CORRECTIONS = 5;

export interface KeywordSearch {
  /** The products matching every word (but the colour words, when there are others). */
  where: SQL;
  /** How many of the keyword's words the title holds: title matches rank first. */
  titleMatches: (searchTitle: SQL) => SQL;
  /** The keyword's words that name colours of the catalogue, as searchWords gives them. */
  colorWords: string[];
}

/** The tag of a colour's word in a product's search text. */
const colorTag = (word: string) => `#${word}`;

/** The tags a product's search text holds for its colours' names: one per word. */
export function colorTags(names: readonly string[]): string[] {
  return [...new Set(searchWords(names.join(' ')))].map(colorTag);
}

/*
 * Normalised words hold letters, digits and '-' only (normalizeArabic drops everything else), so
 * they need no escaping in a tsquery's quotes, an array literal's quotes or a LIKE pattern.
 */
const quote = (word: string) => `'${word}'`;

/** The letters a misspelt word may be missing or have wrong: Arabic, as normalised (only Arabic words are corrected). */
const ARABIC_LETTERS = [...'ءابتثجحخدذرزسشصضطظعغفقكلمنهوي'];

/** Every word one edit from `word`: a letter dropped, two neighbours swapped, one changed or one added. */
export function oneEditAway(word: string): Set<string> {
  const letters = [...word];
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('');
    const tail = letters.slice(i);
    if (tail.length) out.add(head + tail.slice(1).join(''));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''));
    for (const letter of ARABIC_LETTERS) {
      if (tail.length) out.add(head + letter + tail.slice(1).join(''));
      out.add(head + letter + tail.join(''));
    }
  }
  out.delete(word);
  return out;
}

/** An array literal of normalised words (letters, digits and '-' only: nothing to escape). */
const textArray = (words: Iterable<string>) => `{${[...words].map((word) => `"${word}"`).join(',')}}`;

/** Words shorter than this are matched by the prefix operator, not spelt out from the vocabulary. */
const MIN_SPELT_OUT_LENGTH = 3;
/** Words that begin more vocabulary words than this are matched by the prefix operator too. */
const MAX_SPELT_OUT = 20;

/** The vocabulary's words one edit from each word (by its primary key), at most MAX_CORRECTIONS each. */
async function corrections(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const variants = new Map(words.map((word) => [word, oneEditAway(word)]));
  const all = new Set([...variants.values()].flatMap((set) => [...set]));
  const terms = (await rowsOf<{ term: string }>(db, sql`select term from search_terms where term = any(${textArray(all)}::text[]) order by term`)).map(
    (row) => row.term,
  );
  return new Map([...variants].map(([word, near]) => [word, terms.filter((term) => near.has(term)).slice(0, MAX_CORRECTIONS)]));
}

/**
 * What each word may match, as tsquery alternatives. A word is spelt out as the vocabulary's
 * words it begins (exact lexemes, which the planner can estimate from the column's statistics;
 * a prefix match it cannot, and then it may scan the newest products for a rare word); a word
 * that begins none, of four letters or more, as the vocabulary's words one edit away. A word
 * that is not all Arabic letters (a barcode, a Latin word: the vocabulary keeps no words with
 * digits), a short word, or one that begins many words is matched by the prefix operator.
 * Reads only the vocabulary, never products.
 */
async function alternatives(db: Db, words: string[]): Promise<string[][]> {
  // Only Arabic words: a Latin or hyphenated word may begin a barcode, whose words (with digits)
  // the vocabulary does not keep, so it is matched by the prefix operator, which sees them all.
  const spelt = words.filter((word) => /^\p{Script=Arabic}+$/u.test(word) && [...word].length >= MIN_SPELT_OUT_LENGTH);
  const beginnings = new Map<string, string[]>();
  if (spelt.length) {
    const rows = await rowsOf<{ word: string; term: string }>(
      db,
      sql`select w.word, t.term from unnest(${textArray(spelt)}::text[]) as w(word)
        cross join lateral (select term from search_terms where term like w.word || '%' limit ${MAX_SPELT_OUT + 1}) as t`,
    );
    for (const { word, term } of rows) beginnings.set(word, [...(beginnings.get(word) ?? []), term]);
  }
  const unknown = spelt.filter((word) => !beginnings.has(word) && [...word].length >= MIN_CORRECTED_LENGTH);
  const fixes = unknown.length ? await corrections(db, unknown) : new Map<string, string[]>();
  return words.map((word) => {
    const terms = beginnings.get(word) ?? fixes.get(word) ?? [];
    return terms.length && terms.length <= MAX_SPELT_OUT ? terms.map(quote) : [`${quote(word)}:*`];
  });
}

/** The words that name a colour of the catalogue: those whose tag the vocabulary holds (one primary-key read). */
async function colorWordsOf(db: Db, words: string[]): Promise<string[]> {
  const tags = new Set(
    (await rowsOf<{ term: string }>(db, sql`select term from search_terms where term = any(${textArray(words.map(colorTag))}::text[])`)).map((row) => row.term),
  );
  return words.filter((word) => tags.has(colorTag(word)));
}

/** The condition and ranking for a keyword, or undefined when it has no searchable word. */
export async function prepareKeywordSearch(db: Db, keyword: string): Promise<KeywordSearch | undefined> {
  const words = [...new Set(searchWords(keyword).filter((word) => /[\p{L}\p{N}]/u.test(word)))].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const perWord = (await alternatives(db, words)).map((terms) => terms.join(' | '));
  const colorWords = await colorWordsOf(db, words);
  // Colour words only rank, unless nothing else is asked for.
  const matched = colorWords.length < words.length ? perWord.filter((_, i) => !colorWords.includes(words[i]!)) : perWord;
  const query = matched.map((alternatives) => `(${alternatives})`).join(' & ');
  return {
    colorWords,
    where: sql`${products.searchVector} @@ ${query}::tsquery`,
    titleMatches: (searchTitle) =>
      sql.join(
        perWord.map((alternatives) => sql`(${lexemesOf(searchTitle)} @@ ${alternatives}::tsquery)::int`),
        sql` + `,
      ),
  };
}
