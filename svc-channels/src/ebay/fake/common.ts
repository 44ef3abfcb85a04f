import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { RouteName } from '@edicola/contracts';
import type { FakeEbayState } from './store';

/** What the parts of the fake share: its state, its clock and its ids. */
export interface FakeContext {
  state: FakeEbayState;
  /** Writes the state (when kept in a file); called after every change. */
  save(): void;
  now(): Date;
  nextNumber(): number;
}

/** A route of the table's `/demo/ebay/...` part. */
export type FakeRoute = Extract<RouteName, `${string} /demo/ebay/${string}`>;
export type Handler = (
  input: { body: unknown; params: Record<string, string> },
  req: Request,
  res: Response,
) => unknown;
export type Handlers<K extends FakeRoute> = Record<K, Handler>;

export const noContent = (res: Response) => {
  res.status(204).end();
};

export const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** What eBay would not let a buyer do, in Italian (the demo routes answer it as 409 `{detail}`). */
export class FakeEbayRefusal extends Error {}
export class FakeEbayNotFound extends Error {}

export const HOUR = 3_600_000;
export const MAX_BULK_REQUESTS = 25;
export const MAX_ORDERS_PAGE = 200;
export const MAX_ORDER_IDS = 50;
// eBay's ConditionEnum (sell_inventory v1.18).
export const CONDITIONS = new Set([
  'NEW',
  'LIKE_NEW',
  'NEW_OTHER',
  'NEW_WITH_DEFECTS',
  'CERTIFIED_REFURBISHED',
  'EXCELLENT_REFURBISHED',
  'VERY_GOOD_REFURBISHED',
  'GOOD_REFURBISHED',
  'SELLER_REFURBISHED',
  'USED_EXCELLENT',
  'USED_VERY_GOOD',
  'USED_GOOD',
  'USED_ACCEPTABLE',
  'FOR_PARTS_OR_NOT_WORKING',
  'PRE_OWNED_EXCELLENT',
  'PRE_OWNED_FAIR',
]);

/** An answer in eBay's error shape: `{"errors":[{errorId, domain, category, message}]}`. */
export class EbayFault extends Error {
  constructor(
    readonly status: number,
    readonly errors: { errorId: number; message: string }[],
    readonly domain = 'API_INVENTORY',
    readonly retryAfterSeconds?: number,
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

export const fault = (status: number, errorId: number, message: string, domain?: string) =>
  new EbayFault(status, [{ errorId, message }], domain);
export const userError = (message: string) => fault(400, 25002, `A user error has occurred. ${message}`);
export const itemNotFound = () =>
  fault(404, 25710, "We didn't find the resource/entity you are requesting. Please verify the request");
export const offerNotFound = () => fault(404, 25713, 'This Offer is not available.');
export const orderNotFound = () => fault(404, 32100, 'Invalid order ID.', 'API_FULFILLMENT');

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
export const isAmount = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) > 0;
export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
export const money = (value: number) => ({ value: value.toFixed(2), currency: 'EUR' });

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
