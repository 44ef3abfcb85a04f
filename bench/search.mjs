// The storefront's search (docs/product/article-pages.md#search) on a catalogue of 10,000 generated articles:
// svc-catalog's own search and suggest functions, from the sources, on the embedded database (PGlite), or on
// PostgreSQL when BENCH_DATABASE_URL names a server (a throwaway database is made there and dropped).
// Loads the articles (the database's trigger makes their slugs and search documents), then runs a few thousand
// searches (exact words, typos, plurals, codes, filters, empty queries) and suggestions one after the other, and
// reports p50/p95/p99 of each. Run: `node -r ./platform/src/testing/register-ts.cjs bench/search.mjs`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3_000);
const SUGGESTIONS = Number(process.env.BENCH_SUGGESTIONS ?? 2_000);

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;
const { createTestDatabase } = require(path.join(root, 'platform/src/testing/database.ts'));
const { articles } = require(path.join(root, 'svc-catalog/src/db/schema.ts'));
const { searchCatalogue, suggestArticles } = require(path.join(root, 'svc-catalog/src/search/search.ts'));
const { SearchQuery } = require(path.join(root, 'contracts/src/search.ts'));

/** A small deterministic generator, so every run searches the same catalogue. */
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(random() * list.length)];

const CARDS = [
  'Charizard',
  'Pikachu',
  'Mew',
  'Mewtwo',
  'Gengar',
  'Umbreon',
  'Blastoise',
  'Venusaur',
  'Lugia',
  'Rayquaza',
  'Gardevoir',
  'Eevee',
  'Snorlax',
  'Dragonite',
  'Lucario',
  'Greninja',
  'Sylveon',
  'Gyarados',
];
const SETS = [
  '151',
  'Set Base',
  'Fossile',
  'Evoluzioni Eteree',
  'Destino di Paldea',
  'Ossidiana Infuocata',
  'Corona Astrale',
  'Tempesta Argentata',
  'Evoluzioni Prismatiche',
];
const KINDS = ['ex', 'V', 'VMAX', 'VSTAR', 'GX', 'holo', 'reverse'];
const CARS = [
  'Ferrari SF-24',
  'Ferrari F2004',
  'McLaren MCL38',
  'Red Bull RB20',
  'Mercedes W15',
  'Williams FW14B',
  'Lotus 72',
  'Porsche 911 GT3',
  'Lancia Stratos',
  'Alfa Romeo 33',
  'Fiat 500',
  'Lamborghini Miura',
];
const DRIVERS = [
  'Leclerc',
  'Hamilton',
  'Verstappen',
  'Norris',
  'Schumacher',
  'Senna',
  'Lauda',
  'Sainz',
  'Alonso',
];
const TRUCKS = [
  'Scania S730',
  'Volvo FH16',
  'Iveco TurboStar',
  'Fiat 682',
  'Mercedes-Benz Actros',
  'DAF XF',
  'MAN TGX',
];
const MAKERS = ['BBR', 'Spark', 'Minichamps', 'Bburago', 'Tekno', 'WSI', 'Brumm', 'Kyosho', 'Jada'];
const SCALES = ['1:18', '1:43', '1:24', '1:64'];
const CONDITIONS = ['mint', 'near_mint', 'excellent', 'good', 'light_played', 'played', 'poor'];
const LANGUAGES = ['it', 'en', 'ja', 'de', 'fr'];

function article(i) {
  const kind = i % 10;
  const base = {
    sku: `BENCH-${i}`,
    priceCents: 100 + Math.floor(random() * 50_000),
    quantityStock: i % 7 ? 3 : 0,
  };
  if (kind < 5) {
    const card = `${pick(CARDS)} ${pick(KINDS)}`;
    return {
      ...base,
      title: `${card} ${Math.ceil(random() * 250)}/${pick(['165', '102', '62', '203'])} ${pick(SETS)}`,
      description: `Carta singola ${card}, conservata in bustina e toploader.`,
      category: 'Pokemon',
      attributes:
        i % 20 === 0
          ? {
              condition: 'mint',
              language: pick(LANGUAGES),
              grader: pick(['PSA', 'CGC', 'BGS']),
              grade: 10,
              certificate_number: `C${i}X`,
            }
          : { condition: pick(CONDITIONS), language: pick(LANGUAGES) },
    };
  }
  if (kind < 8) {
    const scale = pick(SCALES);
    return {
      ...base,
      title: `${pick(CARS)} ${pick(DRIVERS)} ${scale}`,
      description: 'Modello pressofuso da collezione con teca.',
      category: pick(['Modellismo', 'Tuning']),
      attributes: { scale, maker: pick(MAKERS) },
    };
  }
  if (kind === 8) {
    return {
      ...base,
      title: `${pick(TRUCKS)} ${pick(['1:43', '1:50'])} ${pick(['rimorchio', 'cisterna', 'bisarca', 'trattore'])}`,
      description: 'Camion in scala con dettagli della cabina.',
      category: pick(['Trucks', 'Trucks New']),
      attributes: { maker: pick(MAKERS) },
    };
  }
  return {
    ...base,
    title: `Casco ${pick(DRIVERS)} ${2000 + Math.floor(random() * 26)} replica 1:2`,
    description: 'Replica del casco in scala, con base espositiva.',
    category: 'Caschi',
    attributes: { replica_scale: '1:2' },
  };
}

/** A typo: two neighbouring letters swapped or one doubled. */
function typo(word) {
  const i = 1 + Math.floor(random() * (word.length - 2));
  return random() < 0.5
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
    : word.slice(0, i) + word[i] + word.slice(i);
}

function searches() {
  const names = [...CARDS, ...DRIVERS, 'Ferrari', 'McLaren', 'Scania', 'Volvo', 'Iveco'];
  const makers = [
    () => ({ q: pick(names) }),
    () => ({ q: typo(pick(names).toLowerCase()) }),
    () => ({ q: pick(['caschi', 'casco', 'carte', 'carta', 'rimorchi', 'cisterne', 'modelli', 'modello']) }),
    () => ({ q: `${pick(CARDS)} ${pick(['italiano', 'inglese', 'giapponese', 'near mint', 'psa 10'])}` }),
    () => ({ q: `${pick(CARS.map((c) => c.split(' ')[0]))} ${pick(SCALES)}` }),
    () => ({ q: `BENCH-${Math.floor(random() * ARTICLES)}` }),
    () => ({ q: '', category: 'pokemon', condition: pick(CONDITIONS), language: pick(LANGUAGES) }),
    () => ({
      q: pick(names),
      availability: 'in_stock',
      min_price: '10',
      max_price: '200',
      sort: 'price_asc',
    }),
    () => ({ q: '', page: String(1 + Math.floor(random() * 20)) }),
  ];
  return Array.from({ length: SEARCHES }, (_, i) => SearchQuery.parse(makers[i % makers.length]()));
}

function prefixes() {
  const words = [...CARDS, ...DRIVERS, ...TRUCKS.map((t) => t.split(' ')[0])];
  return Array.from({ length: SUGGESTIONS }, (_, i) => {
    const word = pick(words).toLowerCase();
    return i % 4 === 3 ? typo(word) : word.slice(0, 1 + (i % Math.min(6, word.length)));
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function report(label, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(10)} n=${sorted.length}  p50 ${f(percentile(sorted, 50))}  p95 ${f(percentile(sorted, 95))}  p99 ${f(percentile(sorted, 99))}`,
  );
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

async function main() {
  const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  let started = performance.now();
  const test = await createTestDatabase({
    migrated: [{ folder: path.join(root, 'svc-catalog/drizzle'), schema: 'catalog' }],
  });
  const db = test.database.db;
  try {
    console.log(`${kind}: migrated database in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const all = Array.from({ length: ARTICLES }, (_, i) => article(i));
    for (let i = 0; i < all.length; i += 500) await db.insert(articles).values(all.slice(i, i + 500));
    console.log(`${ARTICLES} articles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Warm-up: plans and caches, as a running shop has them.
    for (const query of searches().slice(0, 50)) await searchCatalogue(db, query);
    const searchTimes = [];
    let found = 0;
    for (const query of searches()) {
      const t = performance.now();
      const results = await searchCatalogue(db, query);
      searchTimes.push(performance.now() - t);
      if (results.total > 0) found++;
    }
    const suggestTimes = [];
    for (const q of prefixes()) {
      const t = performance.now();
      await suggestArticles(db, q);
      suggestTimes.push(performance.now() - t);
    }
    const search = report('search', searchTimes);
    const suggest = report('suggest', suggestTimes);
    console.log(`${found} of ${searchTimes.length} searches found something`);
    const ok = search.p95 < 50 && suggest.p95 < 50;
    console.log(ok ? 'target met: p95 < 50 ms' : 'target missed: p95 ≥ 50 ms');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await test.cleanup();
  }
}

await main();
