export { busTables, type BusTables } from './tables';
export type {
  DeadLetterHandler,
  DeliveryHandler,
  EventBus,
  EventHandler,
  RetryPolicy,
  Transport,
  BusState,
  HandlerTools,
} from './types';
export {
  decideAfterFailure,
  decideBeforeDelivery,
  permanentReason,
  type RetryDecision,
} from './retry-decision';
export { createEventBus, type EventBusOptions } from './event-bus';
export { createEvent } from './envelope';
export {
  createOutboxRelay,
  DEFAULT_RELAY_LEASE_MS,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox-relay';
export { createInProcessTransport, type InProcessTransport } from './in-process-transport';
export {
  ATTEMPT_HEADER,
  createRabbitTransport,
  type RabbitTransport,
  consumerQueueName,
  deadLetterQueueName,
  queuesOf,
  retryQueueName,
  type RabbitTransportOptions,
} from './rabbitmq-transport';
export { PermanentDeliveryError, isPermanentDeliveryError } from './delivery-error';
export {
  discardDeadLetters,
  listDeadLetters,
  NOT_REPLAYABLE,
  replayDeadLetters,
  type DeadLetterRow,
  type DeadLetterSelector,
} from './dead-letters';
