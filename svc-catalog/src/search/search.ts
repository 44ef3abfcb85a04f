import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  categoryOf,
  centsToEuros,
  SUGGESTION_LIMIT,
  type SearchFacet,
  type SearchQuery,
  type SearchResults,
  type SearchSuggestion,
} from '@edicola/contracts';
import type { z } from 'zod';
import type { Db } from '@edicola/platform';
import { publicArticles } from '../articles/photos';
import { articles, type ArticleRow } from '../db/schema';

/**
 * The storefront's search (docs/product/article-pages.md#search), in the catalogue's database: every word must
 * match the article, by its Italian stem (`italian` text search over the unaccented words), literally (a code, a
 * scale, the first letters of the last word), or, for a word of 4 letters or more, by trigram word similarity
 * (a typo). Exact and stem matches rank before the typos; an exact SKU or EAN first of all.
 */

/** Word similarity from which a word counts as a typo of an article's word: "leclrec" is 0.5 from "leclerc". */
export const TYPO_THRESHOLD = 0.45;
/** A word shorter than this is never taken for a typo (too many short words look alike). */
const TYPO_MIN_LENGTH = 4;
/** More words than this are not searched (each one is a condition on every article). */
const MAX_WORDS = 8;

/** The columns an article's reads need (not the search documents). */
const { searchVector: _vector, searchText: _text, ...articleColumns } = getTableColumns(articles);

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const stemQuery = (word: string) => sql`plainto_tsquery('italian', catalog.immutable_unaccent(${word}))`;

interface Word {
  text: string;
  /** The conditions of one word: matched exactly (stem or literal), or by a typo. */
  exact: SQL;
  match: SQL;
  typo: boolean;
  /** The word with two neighbouring letters swapped, each way (a typo's likely originals). */
  variants: string[];
}

/** Every spelling of `word` with two neighbouring letters swapped. */
export function transpositions(word: string): string[] {
  const variants = new Set<string>();
  for (let i = 1; i < word.length; i++) {
    if (word[i] === word[i - 1]) continue;
    variants.add(word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
  }
  return [...variants];
}

/** The conditions of each word; Italian stop words ("di", "e") match everything and are left out. */
async function wordConditions(db: Db, q: string, prefixLast: boolean): Promise<Word[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  // How many lexemes each word gives: none for a stop word.
  const stems = await db.execute(
    sql`select ${sql.join(
      words.map((word, i) => sql`numnode(${stemQuery(word)}) as ${sql.identifier(`n${i}`)}`),
      sql`, `,
    )}`,
  );
  const lexemes = (stems as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return words.flatMap((text, index): Word[] => {
    const hasStem = Number(lexemes[`n${index}`] ?? 0) > 0;
    const last = index === words.length - 1;
    const literal = `% ${escapeLike(text)}${last && prefixLast ? '%' : ' %'}`;
    if (!hasStem && !(last && prefixLast) && !/\p{N}/u.test(text)) return []; // a stop word
    const exact = hasStem
      ? sql`(${articles.searchVector} @@ ${stemQuery(text)} or ${articles.searchText} like ${literal})`
      : sql`(${articles.searchText} like ${literal})`;
    const typo = text.length >= TYPO_MIN_LENGTH && !/\p{N}/u.test(text);
    if (!typo) return [{ text, exact, match: exact, typo, variants: [] }];
    // Two letters swapped ("scnaia") keep too few trigrams in common with the word: the swaps are matched by stem.
    const variants = transpositions(text);
    const swapped = sql.join(
      variants.map((variant) => stemQuery(variant)),
      sql` || `,
    );
    const match = sql`(${exact} or ${text} <% ${articles.searchText} or ${articles.searchVector} @@ (${swapped}))`;
    return [{ text, exact, match, typo, variants }];
  });
}

const grossCentsSql = sql`((${articles.priceCents} * (100 + ${articles.ivaPercentage}) + 50) / 100)`;
const availabilitySql = sql`(case
  when ${articles.productType} = 'prevendita' and ${articles.availabilityDate} > current_date then 'preorder'
  when ${articles.quantityStock} > 0 then 'in_stock'
  else 'out_of_stock' end)`;
const condition = sql`(${articles.attributes}->>'condition')`;
const language = sql`(${articles.attributes}->>'language')`;
const categoryKey = sql`lower(btrim(${articles.category}))`;

type Query = z.output<typeof SearchQuery>;

/** Each filter of the results page as a condition (true when the filter is not set). */
function filterConditions(query: Query) {
  const category = CATEGORIES.find((c) => c.slug === query.category);
  const always = sql`true`;
  return {
    category: category ? sql`${categoryKey} = ${category.name.toLowerCase()}` : always,
    price: and(
      query.min_price === undefined ? always : sql`${grossCentsSql} >= ${Math.round(query.min_price * 100)}`,
      query.max_price === undefined ? always : sql`${grossCentsSql} <= ${Math.round(query.max_price * 100)}`,
    )!,
    availability: query.availability ? sql`${availabilitySql} = ${query.availability}` : always,
    condition: query.condition ? sql`${condition} = ${query.condition}` : always,
    language: query.language ? sql`${language} = ${query.language}` : always,
  };
}

const onSale = and(isNull(articles.deletedAt), eq(articles.isActive, true))!;

/** The ordering of the results: by relevance (exact code, exact words, stem rank, typo similarity, in stock). */
function ordering(query: Query, words: Word[], raw: string): SQL[] {
  const inStock = sql`(${articles.quantityStock} > 0) desc`;
  if (query.sort === 'price_asc') return [sql`${grossCentsSql} asc`, sql`${articles.id}`];
  if (query.sort === 'price_desc') return [sql`${grossCentsSql} desc`, sql`${articles.id}`];
  if (query.sort === 'newest' || words.length === 0)
    return [
      ...(query.sort === 'newest' ? [] : [inStock]),
      sql`${articles.createdAt} desc`,
      sql`${articles.id}`,
    ];
  const code = raw.trim().toLowerCase();
  const exactCode = sql`(lower(${articles.sku}) = ${code} or ${articles.ean} = ${code}) desc`;
  const exactWords = sql.join(
    words.map((word) => sql`(${word.exact})::int`),
    sql` + `,
  );
  const stems = sql.join(
    words.map((word) => stemQuery(word.text)),
    sql` || `,
  );
  const typos = words.filter((word) => word.typo);
  const similarity = sql.join(
    typos.map((word) => sql`word_similarity(${word.text}, ${articles.searchText})`),
    sql` + `,
  );
  return [
    exactCode,
    sql`(${exactWords}) desc`,
    sql`ts_rank(${articles.searchVector}, ${stems}) desc`,
    ...(typos.length ? [sql`(${similarity}) desc`] : []),
    inStock,
    sql`${articles.createdAt} desc`,
    sql`${articles.id}`,
  ];
}

/** The threshold of `<%` for this transaction's queries. */
const typoThreshold = (tx: Db) =>
  tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);

/** The word of these articles' search texts most like `typo` (the correction shown: "charizard" for "charizzard"). */
async function closestWord(tx: Db, typo: Word, ids: string[]): Promise<string | null> {
  const swaps = typo.variants.length
    ? sql.join(
        typo.variants.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`''`;
  const found = await tx.execute<{ word: string }>(sql`
    select word from (
      select regexp_split_to_table(${articles.searchText}, '\\s+') as word from ${articles}
      where ${inArray(articles.id, ids)}
    ) words
    where word <> ''
    order by word in (${swaps}) desc, similarity(${typo.text}, word) desc, word
    limit 1`);
  return (found as unknown as { rows: { word: string }[] }).rows[0]?.word ?? null;
}

type FacetName = keyof SearchResults['facets'];

/** Counts per value of each filter over the matches, with every other filter applied (layered navigation). */
async function facetCounts(tx: Db, text: SQL, filters: ReturnType<typeof filterConditions>) {
  const others = (name: FacetName | 'price') =>
    and(
      ...(Object.entries(filters) as [string, SQL][])
        .filter(([filter]) => filter !== name)
        .map(([, condition]) => condition),
    )!;
  const facet = (name: FacetName, value: SQL) =>
    sql`select ${name}::text as facet, ${value} as value, count(*)::int as n from ${articles}
      where ${onSale} and ${text} and ${others(name)} and ${value} is not null group by 2`;
  const found = await tx.execute<{ facet: FacetName; value: string; n: number }>(
    sql.join(
      [
        facet('category', categoryKey),
        facet('condition', condition),
        facet('language', language),
        facet('availability', availabilitySql),
      ],
      sql` union all `,
    ),
  );
  const facets: Record<FacetName, SearchFacet[]> = {
    category: [],
    condition: [],
    language: [],
    availability: [],
  };
  for (const row of (found as unknown as { rows: { facet: FacetName; value: string; n: number }[] }).rows) {
    const value = row.facet === 'category' ? categoryOf(row.value) : row.value;
    if (value) facets[row.facet].push({ value, count: Number(row.n) });
  }
  for (const list of Object.values(facets))
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return facets;
}

/** GET /public/search: a page of the active articles matching the words and filters, with the facets. */
export async function searchCatalogue(db: Db, query: Query): Promise<SearchResults> {
  return db.transaction(async (tx) => {
    await typoThreshold(tx);
    const words = await wordConditions(tx, query.q, true);
    const text = words.length ? and(...words.map((word) => word.match))! : sql`true`;
    const filters = filterConditions(query);
    const where = and(onSale, text, ...Object.values(filters))!;
    const exactEverywhere = words.map(
      (word, i) => sql`bool_or(${word.exact}) over () as ${sql.identifier(`exact_${i}`)}`,
    );
    const rows = (await tx
      .select({
        ...articleColumns,
        total: sql<number>`count(*) over ()`.mapWith(Number),
        ...Object.fromEntries(exactEverywhere.map((expr, i) => [`exact_${i}`, sql<boolean>`${expr}`])),
      })
      .from(articles)
      .where(where)
      .orderBy(...ordering(query, words, query.q))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)) as unknown as (ArticleRow & Record<string, unknown>)[];
    const total =
      rows.length > 0
        ? Number(rows[0]!.total)
        : query.page === 1
          ? 0
          : ((
              await tx
                .select({ n: sql<number>`count(*)`.mapWith(Number) })
                .from(articles)
                .where(where)
            )[0]?.n ?? 0);

    let corrected: string | null = null;
    if (rows.length > 0) {
      const ids = rows.map((row) => row.id);
      const fixed: string[] = [];
      let changed = false;
      const typoWords = new Map(words.map((word, i) => [word.text, i]));
      for (const text of queryWords(query.q)) {
        const i = typoWords.get(text);
        const word = i === undefined ? undefined : words[i];
        const exactSomewhere = i === undefined ? true : rows[0]![`exact_${i}`] === true;
        if (word?.typo && !exactSomewhere) {
          const best = await closestWord(tx, word, ids);
          if (best && best !== text) {
            fixed.push(best);
            changed = true;
            continue;
          }
        }
        fixed.push(text);
      }
      corrected = changed ? fixed.join(' ') : null;
    }

    return {
      items: await publicArticles(tx, rows),
      total,
      page: query.page,
      page_size: query.page_size,
      corrected,
      facets: await facetCounts(tx, text, filters),
    };
  });
}

/** GET /public/search/suggest: the search box's few suggestions, from the first letters of the last word. */
export async function suggestArticles(db: Db, q: string): Promise<SearchSuggestion[]> {
  return db.transaction(async (tx) => {
    await typoThreshold(tx);
    const words = await wordConditions(tx, q, true);
    if (words.length === 0) return [];
    const rows = await tx
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        category: articles.category,
        photo_url: articles.photoUrl,
        priceCents: articles.priceCents,
        iva_percentage: articles.ivaPercentage,
        quantity_stock: articles.quantityStock,
      })
      .from(articles)
      .where(and(onSale, ...words.map((word) => word.match)))
      .orderBy(...ordering({ sort: 'relevance' } as Query, words, q))
      .limit(SUGGESTION_LIMIT);
    return rows.map(({ priceCents, ...row }) => ({ ...row, price: centsToEuros(priceCents) }));
  });
}
