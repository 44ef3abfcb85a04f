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
import { matchQuery, queryWords, searchWords, type SearchWord } from './lexicon';

/**
 * The storefront's search (docs/product/article-pages.md#search), in the catalogue's database: every word must
 * match the article by its Italian stem (`italian` text search over the unaccented words), the last word also by
 * its first letters, and a word the catalogue does not know by the lexicon's words most like it (a typo). The
 * words become one text-search query (lexicon.ts), so the articles are found by one GIN index condition; the page
 * is ranked, and the total and the facets counted, over those matches only. Exact words rank before typos; an
 * exact SKU or EAN first of all.
 */

/** The columns an article's reads need (not the search documents). */
const { searchVector: _vector, searchText: _text, ...articleColumns } = getTableColumns(articles);

const tsquery = (query: string) => sql`${query}::tsquery`;

const grossCentsSql = sql`((${articles.priceCents} * (100 + ${articles.ivaPercentage}) + 50) / 100)`;
const availabilitySql = sql`(case
  when ${articles.productType} = 'prevendita' and ${articles.availabilityDate} > current_date then 'preorder'
  when ${articles.quantityStock} > 0 then 'in_stock'
  else 'out_of_stock' end)`;
const condition = sql`(${articles.attributes}->>'condition')`;
const language = sql`(${articles.attributes}->>'language')`;
const categoryKey = sql`lower(btrim(${articles.category}))`;

type Query = z.output<typeof SearchQuery>;

const ALWAYS = sql`true`;

/** Each filter of the results page as a condition (true when the filter is not set). */
function filterConditions(query: Query) {
  const category = CATEGORIES.find((c) => c.slug === query.category);
  const always = ALWAYS;
  return {
    category: category ? sql`${categoryKey} = ${category.name.toLowerCase()}` : always,
    price:
      query.min_price === undefined && query.max_price === undefined
        ? always
        : and(
            query.min_price === undefined
              ? always
              : sql`${grossCentsSql} >= ${Math.round(query.min_price * 100)}`,
            query.max_price === undefined
              ? always
              : sql`${grossCentsSql} <= ${Math.round(query.max_price * 100)}`,
          )!,
    availability: query.availability ? sql`${availabilitySql} = ${query.availability}` : always,
    condition: query.condition ? sql`${condition} = ${query.condition}` : always,
    language: query.language ? sql`${language} = ${query.language}` : always,
  };
}

const onSale = and(isNull(articles.deletedAt), eq(articles.isActive, true))!;

interface SortKey {
  value: SQL;
  descending?: boolean;
}

/** The ordering of the results: by relevance (exact code, words as written, stem rank, in stock, newest). */
function ordering(query: Query, words: SearchWord[], raw: string): SortKey[] {
  const id = { value: sql`${articles.id}` };
  const inStock = { value: sql`(${articles.quantityStock} > 0)`, descending: true };
  const newest = { value: sql`${articles.createdAt}`, descending: true };
  if (query.sort === 'price_asc') return [{ value: grossCentsSql }, id];
  if (query.sort === 'price_desc') return [{ value: grossCentsSql, descending: true }, id];
  if (query.sort === 'newest') return [newest, id];
  if (words.length === 0) return [inStock, newest, id];
  const code = raw.trim().toLowerCase();
  const exactCode = sql`(lower(${articles.sku}) = ${code} or ${articles.ean} = ${code})`;
  // Only a typo's candidates can match a word otherwise than as written.
  const typos = words.filter((word) => word.candidates.length > 0);
  const asWritten = sql.join(
    typos.map((word) => sql`(${articles.searchVector} @@ ${tsquery(word.exact)})::int`),
    sql` + `,
  );
  return [
    { value: exactCode, descending: true },
    ...(typos.length ? [{ value: sql`(${asWritten})`, descending: true }] : []),
    { value: sql`ts_rank(${articles.searchVector}, ${tsquery(matchQuery(words))})`, descending: true },
    inStock,
    newest,
    id,
  ];
}

const orderBy = (keys: { value: SQL; descending?: boolean }[]) =>
  keys.map((key) => (key.descending ? sql`${key.value} desc` : key.value));

type FacetName = keyof SearchResults['facets'];
const FACETS: FacetName[] = ['category', 'condition', 'language', 'availability'];
type FilterName = keyof ReturnType<typeof filterConditions>;

/** A row of the search's one statement: a group of matches alike for the facets, or an article of the page. */
type MatchRow = Record<FacetName, string | null> &
  Record<`f_${FilterName}`, boolean | null> & {
    n: number | null;
    id: string | null;
    [flag: string]: unknown;
  };

/** The articles' condition for these words (every article without words). */
const matching = (words: SearchWord[]) =>
  words.length ? sql`${articles.searchVector} @@ ${tsquery(matchQuery(words))}` : sql`true`;

/**
 * The page's ids, the total, the facets and each typo's correction in one statement over the matches: the page is
 * the matches every filter admits, ordered; the matches are counted grouped by the facets' values and by which
 * filters they pass, and the facets are summed from these few groups here, each with every other filter applied
 * (layered navigation). For each typo, the groups say whether some result has the word as written, or which of
 * its candidates (the correction shown: "charizard" for "charizzard").
 */
async function searchMatches(tx: Db, query: Query, words: SearchWord[]) {
  const filters = filterConditions(query);
  const names = Object.keys(filters) as FilterName[];
  const keys = ordering(query, words, query.q);
  const typos = words.filter((word) => word.candidates.length > 0);
  const flagged = typos.flatMap((word, w) => [
    { name: `w${w}`, query: word.exact },
    ...word.candidates.map((candidate, c) => ({ name: `w${w}_${c}`, query: candidate.query })),
  ]);
  // A match two filters refuse counts in no facet: left out before the groups are made.
  const set = names.filter((name) => filters[name] !== ALWAYS);
  const atMostOneFails =
    set.length < 2
      ? sql`true`
      : sql`(${sql.join(
          set.map((name) => sql`(not ${filters[name]})::int`),
          sql` + `,
        )}) <= 1`;
  const every = sql.raw(names.map((name) => `f_${name}`).join(' and '));
  const columns = (list: string[]) => sql.raw(list.join(', '));
  const groups = [...FACETS, ...names.map((name) => `f_${name}`)];
  const found = await tx.execute(sql`
    with matches as materialized (
      select ${articles.id} as id, ${articles.category} as category, ${condition} as condition,
        ${language} as language, ${availabilitySql} as availability,
        ${sql.join(
          names.map((name) => sql`${filters[name]} as ${sql.identifier(`f_${name}`)}`),
          sql`, `,
        )},
        ${sql.join(
          keys.map((key, k) => sql`${key.value} as ${sql.identifier(`k${k}`)}`),
          sql`, `,
        )}
        ${sql.join(
          flagged.map(
            (flag) =>
              sql`, ${articles.searchVector} @@ ${tsquery(flag.query)} as ${sql.identifier(flag.name)}`,
          ),
          sql``,
        )}
      from ${articles}
      where ${onSale} and ${matching(words)} and ${atMostOneFails}
    ),
    page as (
      select id, ${columns(keys.map((_, k) => `k${k}`))} from matches where ${every}
      order by ${columns(keys.map((key, k) => `k${k}${key.descending ? ' desc' : ''}`))}
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}
    )
    select ${columns(groups)}, count(*)::int as n, null::uuid as id, null::bigint as position
      ${sql.raw(flagged.map((flag) => `, bool_or(${flag.name}) as ${flag.name}`).join(''))}
    from matches group by ${columns(groups)}
    union all
    select ${columns(groups.map(() => 'null'))}, null, id,
      row_number() over (order by ${columns(keys.map((key, k) => `k${k}${key.descending ? ' desc' : ''}`))})
      ${sql.raw(flagged.map(() => ', null').join(''))}
    from page`);
  const rows = (found as unknown as { rows: MatchRow[] }).rows;

  const facets: Record<FacetName, SearchFacet[]> = {
    category: [],
    condition: [],
    language: [],
    availability: [],
  };
  const passes = (row: MatchRow, except?: FilterName) =>
    names.every((name) => name === except || row[`f_${name}`] === true);
  const ids: string[] = [];
  let total = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.id !== null) {
      ids[Number(row.position) - 1] = row.id;
      continue;
    }
    const n = Number(row.n);
    if (passes(row)) {
      total += n;
      for (const flag of flagged) if (row[flag.name] === true) seen.add(flag.name);
    }
    for (const facet of FACETS) {
      const value = facet === 'category' ? categoryOf(row.category ?? '') : row[facet];
      if (!value || !passes(row, facet)) continue;
      const list = facets[facet];
      const same = list.find((f) => f.value === value);
      if (same) same.count += n;
      else list.push({ value, count: n });
    }
  }
  for (const list of Object.values(facets))
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const corrections = new Map(
    typos.map((word, w) => [
      word.text,
      seen.has(`w${w}`) ? null : (word.candidates.find((_, c) => seen.has(`w${w}_${c}`))?.word ?? null),
    ]),
  );
  return { ids, total, facets, corrections };
}

/** GET /public/search: a page of the active articles matching the words and filters, with the facets. */
export async function searchCatalogue(db: Db, query: Query): Promise<SearchResults> {
  return db.transaction(async (tx) => {
    const words = await searchWords(tx, query.q, true);
    const { ids, total, facets, corrections } = await searchMatches(tx, query, words);
    const found = ids.length
      ? ((await tx
          .select(articleColumns)
          .from(articles)
          .where(inArray(articles.id, ids))) as unknown as ArticleRow[])
      : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = ids.map((id) => byId.get(id)).filter((row): row is ArticleRow => row !== undefined);

    // Each typo replaced by its candidate the results have ("charizzard" → "charizard").
    const fixed = queryWords(query.q).map((word) => corrections.get(word) ?? word);
    const corrected = [...corrections.values()].some(Boolean) ? fixed.join(' ') : null;

    return {
      items: await publicArticles(tx, rows),
      total,
      page: query.page,
      page_size: query.page_size,
      corrected,
      facets,
    };
  });
}

/** GET /public/search/suggest: the search box's few suggestions, from the first letters of the last word. */
export async function suggestArticles(db: Db, q: string): Promise<SearchSuggestion[]> {
  return db.transaction(async (tx) => {
    const words = await searchWords(tx, q, true);
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
      .where(and(onSale, matching(words)))
      .orderBy(...orderBy(ordering({ sort: 'relevance' } as Query, words, q)))
      .limit(SUGGESTION_LIMIT);
    return rows.map(({ priceCents, ...row }) => ({ ...row, price: centsToEuros(priceCents) }));
  });
}
