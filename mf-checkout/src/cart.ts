import type { Article, DomEvents } from '@edicola/contracts';

/** local storage key of the cart (SPEC §3). */
export const CART_STORAGE_KEY = 'cart';

/** What a line knows of its article: at least the id; the checkout fills in the rest later. */
export type CartArticle = Pick<Article, 'id'> & Partial<Omit<Article, 'id'>>;

/** A cart line as SPEC §3 stores it: article_id, article, quantity. */
export interface CartLine {
  article_id: string;
  article: CartArticle;
  quantity: number;
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

/** The stored cart; lines without an article or with a bad quantity are dropped (SPEC §5). */
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

/** Adds a quantity of an article (merging with its line); a line that reaches 0 or less is removed. */
export function addToCart(
  lines: CartLine[],
  { article_id, quantity }: DomEvents['edicola:cart-add'],
): CartLine[] {
  const existing = lines.find((line) => line.article_id === article_id);
  const next = existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line))
    : [...lines, { article_id, article: { id: article_id }, quantity }];
  return next.filter((line) => line.quantity > 0);
}

/** Number of items in the cart (sum of the quantities), as the floating button shows it. */
export function countItems(lines: CartLine[]): number {
  return lines.reduce((total, line) => total + line.quantity, 0);
}
