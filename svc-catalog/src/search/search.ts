import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
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

/** The ordering of the results: by relevance (exact code, words as written, stem rank, in stock, newest). */
function ordering(query: Query, words: SearchWord[], raw: string): SQL[] {
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
  // Only a typo's candidates can match a word otherwise than as written.
  const typos = words.filter((word) => word.candidates.length > 0);
  const asWritten = sql.join(
    typos.map((word) => sql`(${articles.searchVector} @@ ${tsquery(word.exact)})::int`),
    sql` + `,
  );
  return [
    exactCode,
    ...(typos.length ? [sql`(${asWritten}) desc`] : []),
    sql`ts_rank(${articles.searchVector}, ${tsquery(matchQuery(words))}) desc`,
    inStock,
    sql`${articles.createdAt} desc`,
    sql`${articles.id}`,
  ];
}

type FacetName = keyof SearchResults['facets'];
const FACETS: FacetName[] = ['category', 'condition', 'language', 'availability'];

type CountRow = {
  facet: FacetName | null;
  value: string | null;
  n: number;
  [flag: string]: unknown;
};

/**
 * In one pass over the matches: the total, the counts per value of each filter with every other filter applied
 * (layered navigation), and for each typo which of its candidates some result has (the correction shown).
 */
async function countMatches(
  tx: Db,
  match: SQL,
  filters: ReturnType<typeof filterConditions>,
  typos: SearchWord[],
) {
  const passes = (names: string[]) =>
    names.length ? sql.raw(names.map((name) => `f_${name}`).join(' and ')) : sql`true`;
  const filterNames = Object.keys(filters);
  const otherFilters = (facet: FacetName) => passes(filterNames.filter((name) => name !== facet));
  const everyFilter = passes(filterNames);
  const flags = typos.flatMap((word, w) => [
    sql`, bool_or(sv @@ ${tsquery(word.exact)}) filter (where ${everyFilter}) as ${sql.identifier(`w${w}`)}`,
    ...word.candidates.map(
      (candidate, c) =>
        sql`, bool_or(sv @@ ${tsquery(candidate.query)}) filter (where ${everyFilter}) as ${sql.identifier(`w${w}_${c}`)}`,
    ),
  ]);
  const found = await tx.execute(sql`
    select
      case ${sql.join(
        FACETS.map((facet) => sql`when grouping(${sql.identifier(facet)}) = 0 then ${facet}`),
        sql` `,
      )} end as facet,
      coalesce(${sql.join(
        FACETS.map((facet) => sql.identifier(facet)),
        sql`, `,
      )}) as value,
      case ${sql.join(
        FACETS.map(
          (facet) =>
            sql`when grouping(${sql.identifier(facet)}) = 0 then count(*) filter (where ${otherFilters(facet)})`,
        ),
        sql` `,
      )} else count(*) filter (where ${everyFilter}) end::int as n
      ${sql.join(flags, sql``)}
    from (
      select ${articles.category} as category, ${condition} as condition, ${language} as language,
        ${availabilitySql} as availability, ${typos.length ? articles.searchVector : sql`null::tsvector`} as sv,
        ${sql.join(
          Object.entries(filters).map(([name, filter]) => sql`${filter} as ${sql.identifier(`f_${name}`)}`),
          sql`, `,
        )}
      from ${articles}
      where ${onSale} and ${match}
    ) matches
    group by grouping sets ((category), (condition), (language), (availability), ())`);
  const rows = (found as unknown as { rows: CountRow[] }).rows;
  const facets: Record<FacetName, SearchFacet[]> = {
    category: [],
    condition: [],
    language: [],
    availability: [],
  };
  let total = 0;
  let corrections: (string | null)[] = [];
  for (const row of rows) {
    if (row.facet === null) {
      total = Number(row.n);
      corrections = typos.map((word, w) =>
        row[`w${w}`] === true
          ? null
          : (word.candidates.find((_, c) => row[`w${w}_${c}`] === true)?.word ?? null),
      );
      continue;
    }
    // Categories are grouped as written: "Pokemon" and "pokemon " are one category.
    const value = row.facet === 'category' ? categoryOf(row.value ?? '') : row.value;
    const list = facets[row.facet];
    const same = list.find((facet) => facet.value === value);
    if (same) same.count += Number(row.n);
    else if (value && Number(row.n) > 0) list.push({ value, count: Number(row.n) });
  }
  for (const list of Object.values(facets))
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { total, facets, corrections };
}

/** The articles' condition for these words (every article without words). */
const matching = (words: SearchWord[]) =>
  words.length ? sql`${articles.searchVector} @@ ${tsquery(matchQuery(words))}` : sql`true`;

/** GET /public/search: a page of the active articles matching the words and filters, with the facets. */
export async function searchCatalogue(db: Db, query: Query): Promise<SearchResults> {
  return db.transaction(async (tx) => {
    const words = await searchWords(tx, query.q, true);
    const match = matching(words);
    const filters = filterConditions(query);
    const rows = (await tx
      .select(articleColumns)
      .from(articles)
      .where(and(onSale, match, ...Object.values(filters)))
      .orderBy(...ordering(query, words, query.q))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)) as unknown as ArticleRow[];
    const typos = words.filter((word) => word.candidates.length > 0);
    const { total, facets, corrections } = await countMatches(tx, match, filters, typos);

    // Each typo replaced by its candidate the results have ("charizzard" → "charizard").
    const fixes = new Map(typos.map((word, w) => [word.text, corrections[w]]));
    const fixed = queryWords(query.q).map((word) => fixes.get(word) ?? word);
    const corrected = [...fixes.values()].some(Boolean) ? fixed.join(' ') : null;

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
      .orderBy(...ordering({ sort: 'relevance' } as Query, words, q))
      .limit(SUGGESTION_LIMIT);
    return rows.map(({ priceCents, ...row }) => ({ ...row, price: centsToEuros(priceCents) }));
  });
}
