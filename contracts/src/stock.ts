import { z } from 'zod';

/**
 * svc-catalog's internal stock calls (svc-orders → svc-catalog, never routed by the gateway):
 * `POST /internal/stock/reservations` (Idempotency-Key = order_id) and
 * `DELETE /internal/stock/reservations/{order_id}`.
 */
export const StockReservationLineRequest = z.object({
  article_id: z.uuid(),
  quantity: z.number().int().min(1).max(10_000),
});
export type StockReservationLineRequest = z.infer<typeof StockReservationLineRequest>;

export const StockReservationRequest = z.object({
  order_id: z.uuid(),
  lines: z.array(StockReservationLineRequest).min(1).max(200),
});
export type StockReservationRequest = z.infer<typeof StockReservationRequest>;

/** A reserved line with the article as it was when reserved (the order keeps it as its snapshot). */
export const StockReservationLine = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  /** Net unit price in euros, two decimals. */
  price: z.number().nonnegative(),
  iva_percentage: z.number().int().min(0).max(100),
  quantity: z.number().int().positive(),
});
export type StockReservationLine = z.infer<typeof StockReservationLine>;

export const StockReservation = z.object({
  order_id: z.string(),
  lines: z.array(StockReservationLine),
});
export type StockReservation = z.infer<typeof StockReservation>;

export const StockReservationParams = z.object({ order_id: z.uuid() });
