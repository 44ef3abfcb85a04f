import { ArticleList, ReviewSummary } from '@edicola/contracts';
import { articleListFrom, reviewSummaryFrom } from './checks';
import { makeArticle } from './testSupport';

// Values of every JSON kind, and numbers at the edges the contracts care about.
const VALUES: unknown[] = [
  null,
  true,
  false,
  '',
  'testo',
  0,
  -1,
  1.5,
  5,
  5.5,
  100,
  101,
  [],
  {},
  'prevendita',
];

/** The hand check agrees with the contract's schema: same verdict, same value when accepted. */
function agrees(
  check: (v: unknown) => unknown,
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  value: unknown,
) {
  const parsed = schema.safeParse(value);
  const checked = check(value);
  expect({ value, accepted: checked !== undefined }).toEqual({ value, accepted: parsed.success });
  if (parsed.success) expect(checked).toEqual(parsed.data);
}

describe('articleListFrom', () => {
  it('agrees with contracts ArticleList for every field set to every kind of value', () => {
    const article = makeArticle();
    agrees(articleListFrom, ArticleList, [article, makeArticle({ id: 'b', weight: null, photo_url: null })]);
    for (const key of Object.keys(article)) {
      for (const value of VALUES) agrees(articleListFrom, ArticleList, [{ ...article, [key]: value }]);
      const { [key as keyof typeof article]: _dropped, ...missing } = article;
      agrees(articleListFrom, ArticleList, [missing]);
    }
  });

  it('refuses what is not a list, and drops fields the contract does not have', () => {
    for (const value of [null, {}, 'x', 1, [1], [null]]) agrees(articleListFrom, ArticleList, value);
    agrees(articleListFrom, ArticleList, [{ ...makeArticle(), extra: '<script>' }]);
    expect(articleListFrom([])).toEqual([]);
  });
});

describe('reviewSummaryFrom', () => {
  it('agrees with contracts ReviewSummary', () => {
    agrees(reviewSummaryFrom, ReviewSummary, { average_rating: 4.5, total_reviews: 2 });
    for (const average_rating of VALUES)
      agrees(reviewSummaryFrom, ReviewSummary, { average_rating, total_reviews: 2 });
    for (const total_reviews of VALUES)
      agrees(reviewSummaryFrom, ReviewSummary, { average_rating: 4, total_reviews });
    for (const value of [null, [], 'x', { average_rating: 4 }])
      agrees(reviewSummaryFrom, ReviewSummary, value);
  });
});
