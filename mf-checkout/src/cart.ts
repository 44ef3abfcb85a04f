import { onSale, type Article, type DomEvents } from '@edicola/contracts';

/** local storage key of the cart (docs/product/records.md#cart-line). */
export const CART_STORAGE_KEY = 'cart';

/** What a line knows of its article: at least the id; the catalogue's copy once it was added from there. */
export type CartArticle = Pick<Article, 'id'> & Partial<Omit<Article, 'id'>>;

/** A cart line as docs/product/records.md#cart-line stores it: article_id, article, quantity. */
export interface CartLine {
  article_id: string;
  article: CartArticle;
  quantity: number;
}

/** A line whose article carries what the cart shows and prices: title, net price and VAT. */
export interface PricedLine extends CartLine {
  article: CartArticle & Pick<Article, 'title' | 'price' | 'iva_percentage'>;
}

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const article = line.article as Record<string, unknown> | null | undefined;
  return (
    typeof line.article_id === 'string' &&
    typeof article === 'object' &&
    article !== null &&
    article.id === line.article_id &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0
  );
}

export function isPriced(line: CartLine): line is PricedLine {
  const { title, price, iva_percentage } = line.article;
  return (
    typeof title === 'string' &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price >= 0 &&
    typeof iva_percentage === 'number' &&
    Number.isFinite(iva_percentage)
  );
}

/**
 * The stored cart; malformed lines (no article, bad quantity) are dropped
 * (docs/product/cart-and-checkout.md#cart-rules).
 */
export function readCart(storage: Storage = window.localStorage): CartLine[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isCartLine) : [];
  } catch {
    return [];
  }
}

export function writeCart(lines: CartLine[], storage: Storage = window.localStorage): void {
  storage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

/** What a change of the cart did: the new lines, and the stock it hit when it asked for more. */
export interface CartChange {
  lines: CartLine[];
  /** Set when the quantity asked for was more than the stock: the quantity was kept at the stock. */
  stockLimit?: { title: string; available: number };
}

function limitToStock(article: CartArticle, wanted: number): { quantity: number; limited: boolean } {
  const stock = article.quantity_stock;
  if (typeof stock !== 'number' || wanted <= stock) return { quantity: wanted, limited: false };
  return { quantity: Math.max(stock, 0), limited: true };
}

/**
 * Sets a line's quantity: 0 or less removes it (docs/product/cart-and-checkout.md#cart-rules); more than the
 * stock stops at the stock.
 */
export function setQuantity(lines: CartLine[], articleId: string, quantity: number): CartChange {
  const line = lines.find((l) => l.article_id === articleId);
  if (!line) return { lines };
  const { quantity: kept, limited } = limitToStock(line.article, quantity);
  const next = lines.map((l) => (l === line ? { ...l, quantity: kept } : l)).filter((l) => l.quantity > 0);
  return limited
    ? { lines: next, stockLimit: { title: line.article.title ?? '', available: kept } }
    : { lines: next };
}

/**
 * Adds a quantity of an article (merging with its line), keeping the catalogue's copy of the article the
 * event carries; never beyond the article's stock.
 */
export function addToCart(
  lines: CartLine[],
  { article_id, quantity, article }: DomEvents['edicola:cart-add'],
): CartChange {
  const existing = lines.find((line) => line.article_id === article_id);
  const known: CartArticle = article ?? existing?.article ?? { id: article_id };
  const base = existing
    ? lines.map((line) => (line === existing ? { ...line, article: known } : line))
    : [...lines, { article_id, article: known, quantity: 0 }];
  return setQuantity(base, article_id, (existing?.quantity ?? 0) + quantity);
}

export function removeLine(lines: CartLine[], articleId: string): CartLine[] {
  return lines.filter((line) => line.article_id !== articleId);
}

/** Number of items in the cart (sum of the quantities), as the floating button shows it. */
export function countItems(lines: CartLine[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}

/** What repairing the cart against the catalogue did. */
export interface CartRepair {
  lines: PricedLine[];
  /** Lines dropped: no article or price, or the article left the catalogue / sold out. */
  dropped: number;
  /** Lines kept with a new price, VAT or a quantity cut to the stock now available. */
  updated: number;
}

/**
 * Repairs the cart (docs/product/cart-and-checkout.md#cart-rules): lines without article or price are
 * dropped. With the current catalogue
 * (GET /public/articles), a line whose article disappeared or sold out is dropped too, and the others take
 * the current price, VAT and stock (the quantity cut to the stock and to the per-buyer limit); an article not yet
 * on sale is dropped as well.
 */
export function repairCart(lines: CartLine[], catalogue?: readonly Article[], now = Date.now()): CartRepair {
  let dropped = 0;
  let updated = 0;
  const kept: PricedLine[] = [];
  const byId = catalogue ? new Map(catalogue.map((article) => [article.id, article])) : null;
  for (const line of lines) {
    if (!byId) {
      if (isPriced(line)) kept.push(line);
      else dropped += 1;
      continue;
    }
    const current = byId.get(line.article_id);
    // Not yet on sale (docs/product/release-hour.md#refusal): the server would refuse it at checkout.
    if (!current || current.quantity_stock <= 0 || !onSale(current.sale_starts_at, now)) {
      dropped += 1;
      continue;
    }
    const quantity = Math.min(line.quantity, current.quantity_stock, current.max_per_buyer ?? Infinity);
    const before = line.article;
    if (
      isPriced(line) &&
      (before.price !== current.price ||
        before.iva_percentage !== current.iva_percentage ||
        quantity !== line.quantity)
    ) {
      updated += 1;
    }
    kept.push({ article_id: line.article_id, article: current, quantity });
  }
  return { lines: kept, dropped, updated };
}

// One cart per page, shared by the floating button and the checkout: the stored value, read again when
// this page writes it or another tab does (storage event).
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedLines: CartLine[] = [];

/** The current cart (the same array until the stored value changes, as useSyncExternalStore wants). */
export function cartSnapshot(): CartLine[] {
  const raw = window.localStorage.getItem(CART_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = readCart();
  }
  return cachedLines;
}

/** Stores the cart and tells every subscriber on this page. */
export function saveCart(lines: CartLine[]): void {
  writeCart(lines);
  for (const listener of listeners) listener();
}

/** Empties the cart (after a confirmed order). */
export function clearCart(): void {
  window.localStorage.removeItem(CART_STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function subscribeCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
