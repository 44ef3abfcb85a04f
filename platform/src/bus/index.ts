export { busTables, type BusTables } from './tables';
export type {
  DeadLetterHandler,
  DeliveryHandler,
  EventBus,
  EventHandler,
  RetryPolicy,
  Transport,
} from './types';
export { createEventBus, type EventBusOptions } from './event-bus';
export { createEvent } from './envelope';
export { createOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { createInProcessTransport, type InProcessTransport } from './in-process-transport';
export {
  ATTEMPT_HEADER,
  createRabbitTransport,
  type RabbitTransport,
  deadLetterQueueName,
  retryQueueName,
  type RabbitTransportOptions,
} from './rabbitmq-transport';
export { PermanentDeliveryError, isPermanentDeliveryError } from './delivery-error';
