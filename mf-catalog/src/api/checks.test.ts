import {
  Article,
  ArticleList,
  HelpfulVote,
  PublicReviewList,
  ReviewSummary,
  SearchResults,
} from '@edicola/contracts';
import {
  articleFrom,
  articleListFrom,
  helpfulVoteFrom,
  reviewListFrom,
  reviewSummaryFrom,
  searchResultsFrom,
} from './checks';
import { makeArticle } from '../testSupport';

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

// Attribute values at the edges of the contract: each enum's values and near misses, texts to trim, grades.
const ATTRIBUTE_VALUES: unknown[] = [
  ...VALUES,
  'mint',
  'near_mint',
  'Mint',
  'it',
  'ja',
  'xx',
  'PSA',
  'psa',
  '1:18',
  '1:2',
  'XL',
  'XXXL',
  ' Bburago ',
  '   ',
  'x'.repeat(80),
  'x'.repeat(81),
  'riga\nnuova',
  '1234',
  ' 12345678 ',
  'AB-12',
  '123',
  'x'.repeat(21),
  'ABC_123',
  1,
  9.5,
  9.25,
  10,
  10.5,
  0.5,
];

describe('articleFrom', () => {
  it('agrees with contracts Article for every attribute set to every kind of value', () => {
    const article = makeArticle();
    agrees(articleFrom, Article, article);
    const names = [
      'condition',
      'language',
      'edition',
      'grader',
      'grade',
      'certificate_number',
      'scale',
      'maker',
      'size',
      'replica_scale',
    ];
    for (const name of names) {
      for (const value of ATTRIBUTE_VALUES)
        agrees(articleFrom, Article, { ...article, attributes: { [name]: value } });
    }
    agrees(articleFrom, Article, { ...article, attributes: { colour: 'rosso' } });
    agrees(articleFrom, Article, { ...article, attributes: {} });
  });

  it('agrees with contracts Article for every photo field set to every kind of value', () => {
    const article = makeArticle();
    const photo = article.photos[0]!;
    for (const key of Object.keys(photo)) {
      for (const value of VALUES)
        agrees(articleFrom, Article, { ...article, photos: [{ ...photo, [key]: value }] });
    }
    agrees(articleFrom, Article, { ...article, photos: [{ ...photo, extra: 1 }] });
    agrees(articleFrom, Article, { ...article, photos: [] });
    for (const value of [null, {}, 'x', [null]]) agrees(articleFrom, Article, { ...article, photos: value });
  });
});

describe('searchResultsFrom', () => {
  const answer = {
    items: [makeArticle()],
    total: 1,
    page: 1,
    page_size: 24,
    corrected: 'charizard',
    facets: {
      category: [{ value: 'pokemon', count: 1 }],
      condition: [],
      language: [{ value: 'it', count: 1 }],
      availability: [{ value: 'in_stock', count: 1 }],
    },
  };

  it('agrees with contracts SearchResults for every field set to every kind of value', () => {
    agrees(searchResultsFrom, SearchResults, answer);
    for (const key of Object.keys(answer)) {
      for (const value of VALUES) agrees(searchResultsFrom, SearchResults, { ...answer, [key]: value });
    }
    for (const facet of Object.keys(answer.facets)) {
      for (const value of VALUES) {
        agrees(searchResultsFrom, SearchResults, { ...answer, facets: { ...answer.facets, [facet]: value } });
        agrees(searchResultsFrom, SearchResults, {
          ...answer,
          facets: { ...answer.facets, [facet]: [{ value: 'x', count: value }] },
        });
      }
    }
    for (const value of [null, [], 'x']) agrees(searchResultsFrom, SearchResults, value);
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

const REVIEW = {
  id: 'r1',
  article_id: 'a1',
  order_id: null,
  article_title: 'Ferrari SF-23 1:18',
  rating: 4,
  title: 'Bello',
  comment: 'Arrivato in tempo',
  customer_name: 'Anna',
  is_verified_purchase: true,
  helpful_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  approved: true,
  admin_reply: { reply_text: 'Grazie!', created_at: '2026-01-02T00:00:00.000Z' },
};

describe('reviewListFrom', () => {
  it('agrees with contracts PublicReviewList for every field set to every kind of value', () => {
    agrees(reviewListFrom, PublicReviewList, [
      REVIEW,
      { ...REVIEW, id: 'r2', admin_reply: null, order_id: 'o1' },
    ]);
    for (const key of Object.keys(REVIEW)) {
      for (const value of VALUES) agrees(reviewListFrom, PublicReviewList, [{ ...REVIEW, [key]: value }]);
      const { [key as keyof typeof REVIEW]: _dropped, ...missing } = REVIEW;
      agrees(reviewListFrom, PublicReviewList, [missing]);
    }
    for (const value of VALUES)
      agrees(reviewListFrom, PublicReviewList, [
        { ...REVIEW, admin_reply: { ...REVIEW.admin_reply, reply_text: value } },
      ]);
    agrees(reviewListFrom, PublicReviewList, [
      { ...REVIEW, admin_reply: { ...REVIEW.admin_reply, extra: 1 } },
    ]);
    for (const value of [null, {}, 'x', [null]]) agrees(reviewListFrom, PublicReviewList, value);
  });
});

describe('helpfulVoteFrom', () => {
  it('agrees with contracts HelpfulVote', () => {
    agrees(helpfulVoteFrom, HelpfulVote, { helpful_count: 3, counted: true });
    for (const value of VALUES) {
      agrees(helpfulVoteFrom, HelpfulVote, { helpful_count: value, counted: false });
      agrees(helpfulVoteFrom, HelpfulVote, { helpful_count: 1, counted: value });
    }
    for (const value of [null, [], 'x', { counted: true }]) agrees(helpfulVoteFrom, HelpfulVote, value);
  });
});
