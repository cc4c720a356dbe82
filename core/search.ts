/**
 * Keyword search over the normalised search columns (DESIGN.md "Search"): every word must
 * appear, as a substring or, for typos, as a close trigram match; title matches rank first.
 */
import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../contracts/index.ts';
import { products } from '../db/schema.ts';

const MAX_WORDS = 6;
/** Words shorter than this are matched as substrings only: trigrams of two letters match too much. */
const MIN_FUZZY_LENGTH = 4;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface KeywordSearch {
  where: SQL;
  rank: SQL;
}

/** The condition and ranking for a keyword, or undefined when it has no searchable word. */
export function buildKeywordSearch(keyword: string): KeywordSearch | undefined {
  const words = [...new Set(searchWords(keyword))].slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const conditions = words.map((word) => {
    const substring = sql`${products.searchText} like ${`%${escapeLike(word)}%`}`;
    return word.length >= MIN_FUZZY_LENGTH ? sql`(${substring} or ${word} <% ${products.searchText})` : substring;
  });
  const ranks = words.map(
    (word) =>
      sql`(case when ${products.searchTitle} like ${`%${escapeLike(word)}%`} then 2 else 0 end + word_similarity(${word}, ${products.searchTitle}))`,
  );
  return { where: sql.join(conditions, sql` and `), rank: sql.join(ranks, sql` + `) };
}
