import sharp from 'sharp';
import type { DemoArticle } from './catalogue';
import {
  boosterPack,
  cardBack,
  cardBinder,
  cardFan,
  collectorBox,
  f1Car,
  helmet,
  modernTruck,
  scene,
  singleCard,
  stickerAlbum,
  stickerBox,
  tuningCar,
  vintageTruck,
  type Livery,
} from './drawings';

type Drawing = (livery: Livery) => string;

/** Liveries by a word of the title: team colours for cars and helmets, brand colours for the rest. */
const LIVERIES: [RegExp, Livery][] = [
  [/casco charles leclerc/i, { body: '#f4f4f4', accent: '#d40000', detail: '#1f3b8c' }],
  [/casco carlos sainz/i, { body: '#c8102e', accent: '#ffcd00', detail: '#1d1d1d' }],
  [/casco michael schumacher/i, { body: '#d40000', accent: '#ffffff', detail: '#1f3b8c' }],
  [/f2004/i, { body: '#d40000', accent: '#ffffff', detail: '#1d1d1d' }],
  [/sf-25/i, { body: '#c8102e', accent: '#1d1d1d', detail: '#ffffff' }],
  [/ferrari/i, { body: '#d40000', accent: '#f5d000', detail: '#ffffff' }],
  [/mclaren/i, { body: '#ff8000', accent: '#47c7fc', detail: '#1d1d1d' }],
  [/red bull/i, { body: '#1e2a5a', accent: '#d71920', detail: '#ffc906' }],
  [/mercedes-amg|w15/i, { body: '#c5cbd0', accent: '#00a19c', detail: '#111111' }],
  [/scania 143/i, { body: '#b3261e', accent: '#6e6a52', detail: '#3b2f25' }],
  [/fiat/i, { body: '#2f6b7a', accent: '#8a7a55', detail: '#2d2d2d' }],
  [/iveco/i, { body: '#f1f1f1', accent: '#1f4fa0', detail: '#2d2d2d' }],
  [/scania s730/i, { body: '#17324d', accent: '#f28c28', detail: '#333' }],
  [/volvo/i, { body: '#eef0f2', accent: '#1f4fa0', detail: '#333' }],
  [/actros/i, { body: '#a9b0b6', accent: '#111111', detail: '#333' }],
  [/skyline|gt-r/i, { body: '#1f4fa0', accent: '#e6e6e6', detail: '#c0c0c0' }],
  [/supra/i, { body: '#ff7a00', accent: '#1d1d1d', detail: '#d8d8d8' }],
  [/nsx/i, { body: '#f4f4f2', accent: '#c8102e', detail: '#b9b9b9' }],
  [/charizard/i, { body: '#e4572e', accent: '#ffb347', detail: '#b3261e' }],
  [/prismatiche/i, { body: '#7b5ea7', accent: '#f7a8d8', detail: '#3b82c4' }],
  [/151/i, { body: '#2f6fd8', accent: '#f2c521', detail: '#e4572e' }],
  [/paldea/i, { body: '#2a8c5a', accent: '#f2c521', detail: '#b3261e' }],
  [/avventure/i, { body: '#e08e0b', accent: '#7cc4f2', detail: '#2f6fd8' }],
  [/world cup|mondiali/i, { body: '#0f5132', accent: '#d4af37', detail: '#fff' }],
  [/adrenalyn/i, { body: '#17324d', accent: '#2f6fd8', detail: '#fff' }],
  [/box 36/i, { body: '#c8102e', accent: '#f2c521', detail: '#fff' }],
  [/calciatori/i, { body: '#f2c521', accent: '#2a8c5a', detail: '#fff' }],
];
const FALLBACK: Livery = { body: '#1d5a85', accent: '#f2c521', detail: '#ffffff' };

/** What the photo of an article shows, by category and, within it, by the kind of product. */
function drawingFor(article: DemoArticle): Drawing {
  const { category, title } = article;
  switch (category.toLowerCase()) {
    case 'modellismo':
      return f1Car;
    case 'caschi':
      return helmet;
    case 'pokemon':
      if (/bustina/i.test(title)) return boosterPack;
      if (/collezione premium/i.test(title)) return cardFan;
      if (article.attributes?.condition) return singleCard;
      if (/box|collezione|set/i.test(title)) return collectorBox;
      return cardFan;
    case 'trucks':
      return vintageTruck;
    case 'trucks new':
      return modernTruck;
    case 'tuning':
      return tuningCar;
    case 'panini':
      if (/album/i.test(title)) return stickerAlbum;
      if (/adrenalyn|starter/i.test(title)) return cardBinder;
      return stickerBox;
    default:
      return cardFan;
  }
}

/** The backdrop's tint by category. */
const TINTS: Record<string, string> = {
  modellismo: '#e9e4df',
  caschi: '#e6e8ec',
  pokemon: '#e3ebf7',
  trucks: '#ece4d8',
  'trucks new': '#dfe7ee',
  tuning: '#e8e2f0',
  panini: '#f3ecd2',
};

/**
 * The article's SVG drawing (exported for tests and for looking at the drawings): `view` 0 is the cover; a further
 * view of a single card is its back, of anything else the product seen from its other side, then a close-up.
 */
export function demoSvg(article: DemoArticle, view = 0): string {
  const livery = LIVERIES.find(([pattern]) => pattern.test(article.title))?.[1] ?? FALLBACK;
  const tint = TINTS[article.category.toLowerCase()] ?? '#e6e6e6';
  const product = drawingFor(article)(livery);
  if (view === 0) return scene(tint, product);
  if (article.attributes?.condition) return scene(tint, cardBack(livery));
  if (view === 1) return scene(tint, `<g transform="translate(800 0) scale(-1 1)">${product}</g>`);
  return scene(tint, `<g transform="translate(-200 -150) scale(1.5)">${product}</g>`);
}

/**
 * A product picture drawn here and rasterised with sharp (no download), as a lossless PNG that then
 * goes through the same checks and re-encoding as a staff upload.
 */
export function renderDemoImage(article: DemoArticle, view = 0): Promise<Buffer> {
  return sharp(Buffer.from(demoSvg(article, view)))
    .png()
    .toBuffer();
}
