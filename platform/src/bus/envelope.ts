import { randomUUID } from 'node:crypto';
import { EVENTS, isEventType, type Event, type EventData, type EventType } from '@edicola/contracts';
import { correlationId } from '../context';

/** The envelope of a new event from `source`, its data validated, carrying the current correlation id. */
export function createEvent<T extends EventType>(source: string, type: T, data: EventData<T>): Event<T> {
  if (!isEventType(type)) throw new Error(`unknown event type ${String(type)}`);
  const spec = EVENTS[type];
  return {
    id: randomUUID(),
    type,
    version: spec.version,
    occurred_at: new Date().toISOString(),
    source,
    correlation_id: correlationId(),
    data: spec.data.parse(data) as EventData<T>,
  };
}
