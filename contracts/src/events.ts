import { z } from 'zod';
import { OrderLine, OrderStatus } from './orders';

/** The one envelope every event travels in, whatever the transport. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurred_at: z.iso.datetime({ offset: true }),
  source: z.string().min(1),
  correlation_id: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const OrderStatusChanged = z.object({
  order_id: z.string(),
  /** The order's version after this change: starts at 1 and grows by one with every change of the order, so a
   * consumer that already saw a higher one knows this event is stale. */
  order_version: z.number().int().positive(),
  from: OrderStatus.nullable(),
  to: OrderStatus,
  items: z.array(OrderLine),
  customer_email: z.email(),
  tracking_number: z.string().nullable(),
});

/** Every event type with its current version and the schema of its data. */
export const EVENTS = {
  'order.status_changed': { version: 1, data: OrderStatusChanged },
} as const;

export type EventType = keyof typeof EVENTS;
export type EventData<T extends EventType> = z.infer<(typeof EVENTS)[T]['data']>;
export type Event<T extends EventType = EventType> = Omit<EventEnvelope, 'type' | 'data'> & {
  type: T;
  data: EventData<T>;
};

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENTS, type);
}

/** An event this code cannot read: an unknown type, or a version newer than the one it understands. */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
}

/**
 * Validates an envelope and, for a known type, its data; throws a ZodError on bad input. A version newer than
 * the one in EVENTS is refused (UnreadableEventError) rather than read with the older schema: a producer bumps
 * the version only when old readers would misread the data. Older versions are read with the current schema.
 */
export function parseEvent(raw: unknown): Event {
  const envelope = EventEnvelope.parse(raw);
  if (!isEventType(envelope.type)) throw new UnreadableEventError(`unknown event type ${envelope.type}`);
  const known = EVENTS[envelope.type].version;
  if (envelope.version > known)
    throw new UnreadableEventError(
      `${envelope.type} version ${envelope.version} is newer than the version ${known} this service understands`,
    );
  const data = EVENTS[envelope.type].data.parse(envelope.data);
  return { ...envelope, type: envelope.type, data };
}
