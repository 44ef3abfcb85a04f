import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@edicola/platform';

/**
 * A query's words turned into text-search queries with the help of the lexicon, `catalog.search_words`
 * (docs/product/article-pages.md#search, docs/decisions/0051-article-pages-and-search.md): the first letters of
 * the last word expand to the lexicon's words that start with them, and a word the catalogue does not know (a
 * typo) to the lexicon's words most like it. One query for every word; the articles are then matched by one
 * `search_vector @@ tsquery`, a single condition of the GIN index.
 */

/** Trigram similarity from which a lexicon word counts as the original of a typo: "vestappen" is 0.62 from "verstappen". */
export const TYPO_SIMILARITY = 0.4;
/** A word shorter than this is never taken for a typo (too many short words look alike). */
const TYPO_MIN_LENGTH = 4;
/** The lexicon words a typo may stand for, most alike first. */
const TYPO_CANDIDATES = 5;
/** The lexicon words the first letters of the last word expand to. */
const PREFIX_WORDS = 20;
/** From this many letters the last word also matches as a prefix of the articles' stems (`word:*`). */
const PREFIX_STEM_MIN_LENGTH = 3;
/** More words than this are not searched. */
const MAX_WORDS = 8;

/** The words of a query as the search documents hold them: lower case, accents dropped, edges' punctuation off. */
export function queryWords(q: string): string[] {
  return q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** Every spelling of `word` with two neighbouring letters swapped, or with one letter fewer (a doubled letter). */
export function typoVariants(word: string): string[] {
  const variants = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    if (i > 0 && word[i] !== word[i - 1])
      variants.add(word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
    variants.add(word.slice(0, i) + word.slice(i + 1));
  }
  variants.delete(word);
  return [...variants];
}

/** One searched word. Queries are tsquery texts, passed to the database as constants. */
export interface SearchWord {
  text: string;
  /** The word as written: its stem, and for the last word the lexicon words it begins. */
  exact: string;
  /** `exact` or one of the typo's candidates. */
  match: string;
  /** Lexicon words the word may be a typo of, most likely first, with their queries (none when it is known). */
  candidates: { word: string; query: string }[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const stem = (word: SQL) => sql`phraseto_tsquery('italian', catalog.immutable_unaccent(${word}))::text`;
const any = (queries: string[]) => queries.map((query) => `(${query})`).join(' | ');

type LexiconRow = {
  i: number;
  kind: 'word' | 'prefix' | 'swap' | 'similar';
  word: string;
  query: string;
  score: number;
};

/**
 * The searched words of `q` (Italian stop words, "di", "e", left out) with their queries. With `prefixLast`, the
 * last word also stands for the words it begins ("char" for "charizard", "charles").
 */
export async function searchWords(db: Db, q: string, prefixLast: boolean): Promise<SearchWord[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  const parts = words.flatMap((word, i) => {
    const last = i === words.length - 1;
    const pattern = last && prefixLast ? `${escapeLike(word)}%` : null;
    const parts = [
      sql`select ${i}::int as i, 'word' as kind, ${word}::text as word, ${stem(sql`${word}`)} as query,
      0::real as score`,
    ];
    if (pattern)
      parts.push(sql`select ${i}, 'prefix', p.word, ${stem(sql`p.word`)}, 0 from (
        select word from catalog.search_words where word like ${pattern}
        order by word ~ '[0-9]', length(word), word limit ${PREFIX_WORDS}) p`);
    if (word.length >= TYPO_MIN_LENGTH && !/\p{N}/u.test(word)) {
      // A typo only when the lexicon does not know the word, nor as the beginning of one of its words.
      const misspelt = sql`(not exists (select 1 from catalog.search_words where word = ${word})
        ${pattern ? sql`and not exists (select 1 from catalog.search_words where word like ${pattern})` : sql``})`;
      const variants = sql.join(
        typoVariants(word).map((variant) => sql`${variant}`),
        sql`, `,
      );
      parts.push(sql`select ${i}, 'swap', s.word, ${stem(sql`s.word`)}, 1 from catalog.search_words s
        where s.word in (${variants}) and ${misspelt}`);
      parts.push(sql`select ${i}, 'similar', t.word, ${stem(sql`t.word`)}, t.score from (
        select word, similarity(word, ${word}) as score from catalog.search_words
        where word % ${word} and ${misspelt} order by 2 desc, 1 limit ${TYPO_CANDIDATES}) t
        where t.score >= ${TYPO_SIMILARITY}`);
    }
    return parts.map((part) => sql`(${part})`);
  });
  const found = await db.execute<LexiconRow>(sql.join(parts, sql` union all `));
  const rows = (found as unknown as { rows: LexiconRow[] }).rows;

  return words.flatMap((text, i): SearchWord[] => {
    const mine = rows.filter((row) => row.i === i && row.query !== '');
    const exact = mine.filter((row) => row.kind === 'word' || row.kind === 'prefix').map((row) => row.query);
    const last = i === words.length - 1;
    if (last && prefixLast && text.length >= PREFIX_STEM_MIN_LENGTH && /^[\p{L}\p{N}]+$/u.test(text))
      exact.push(`'${text}':*`);
    if (exact.length === 0) return []; // a stop word
    const seen = new Set<string>([text]);
    const candidates = mine
      .filter((row) => row.kind === 'swap' || row.kind === 'similar')
      .sort((a, b) => Number(b.score) - Number(a.score) || a.word.localeCompare(b.word))
      .filter((row) => !seen.has(row.word) && seen.add(row.word))
      .slice(0, TYPO_CANDIDATES)
      .map(({ word, query }) => ({ word, query }));
    const exactQuery = any([...new Set(exact)]);
    return [
      {
        text,
        exact: exactQuery,
        match: candidates.length ? any([exactQuery, ...candidates.map((c) => c.query)]) : exactQuery,
        candidates,
      },
    ];
  });
}

/** The articles' match: every word, as written or as one of its typo's candidates. */
export const matchQuery = (words: SearchWord[]) => words.map((word) => `(${word.match})`).join(' & ');
