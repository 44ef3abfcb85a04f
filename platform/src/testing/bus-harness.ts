import { randomBytes, randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@edicola/contracts';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  createEventBus,
  createInProcessTransport,
  createRabbitTransport,
  queuesOf,
  type BusTables,
  type EventBus,
  type EventBusOptions,
  type Transport,
} from '../bus';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { createBusSchema } from './bus-tables';
import { RabbitAdmin } from './rabbitmq';

/** Where the buses under test get their transport: one shared in-process object, or a connection each to RabbitMQ. */
export interface TransportKit {
  readonly name: 'in-process' | 'rabbitmq';
  /** A transport for one more bus instance (as if in another process, for RabbitMQ). */
  connect(): Promise<Transport>;
  /** Queues this run declared, to delete afterwards. */
  declare(service: string, delaysMs: number[]): void;
  close(): Promise<void>;
}

export function inProcessKit(): TransportKit {
  let shared: Transport | undefined;
  return {
    name: 'in-process',
    async connect() {
      shared ??= createInProcessTransport();
      return shared;
    },
    declare() {},
    async close() {
      await shared?.close();
    },
  };
}

/** Every kit's exchange and queues are unique to the test run and deleted by close(). */
export function rabbitKit(url: string, logger: Logger, runId: string): TransportKit {
  const exchange = `edicola.test.${runId}`;
  const transports: Transport[] = [];
  const queues = new Set<string>();
  let connections = 0;
  return {
    name: 'rabbitmq',
    async connect() {
      const transport = createRabbitTransport({
        url,
        exchange,
        logger,
        connectionName: `edicola-test-${runId}-${++connections}`,
        // The shop's own subscription table would declare real queues (svc-catalog.q) on the shared broker.
        subscriptions: {},
        reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
      });
      transports.push(transport);
      await transport.waitForConnection();
      return transport;
    },
    declare(service, delaysMs) {
      for (const queue of queuesOf(service, delaysMs)) queues.add(queue);
    },
    async close() {
      await Promise.all(transports.map((transport) => transport.close()));
      const admin = await RabbitAdmin.connect(url);
      await admin.deleteTopology(exchange, [...queues]);
      await admin.close();
    },
  };
}

export const newRunId = () => randomBytes(4).toString('hex');

export function orderStatusChanged(orderId: string = randomUUID()): EventData<'order.status_changed'> {
  return {
    order_id: orderId,
    order_version: 2,
    from: 'pending',
    to: 'paid',
    items: [{ article_id: 'art-1', quantity: 2 }],
    customer_email: 'cliente@example.it',
    tracking_number: null,
  };
}

/** A well-formed envelope, for publishing straight through a transport. */
export function envelopeOf(data: unknown, source = 'svc-test'): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'order.status_changed',
    version: 1,
    occurred_at: new Date().toISOString(),
    source,
    correlation_id: randomUUID(),
    data,
  };
}

/** The table the test handlers write to, in a test-only schema. */
export function effectsTable(schema: string) {
  return pgSchema(schema).table('effects', {
    eventId: uuid('event_id').notNull(),
    service: text('service').notNull(),
    note: text('note'),
  });
}
export type EffectsTable = ReturnType<typeof effectsTable>;

export async function createEffectsTable(database: Database, schema: string): Promise<EffectsTable> {
  await database.db.execute(sql.raw(`create schema if not exists "${schema}"`));
  await database.db.execute(
    sql.raw(`create table "${schema}"."effects" (event_id uuid not null, service text not null, note text)`),
  );
  return effectsTable(schema);
}

export type BusOptions = Omit<
  EventBusOptions,
  'service' | 'database' | 'tables' | 'transport' | 'logger' | 'retry'
> & {
  tables?: BusTables;
  transport?: Transport;
  delaysMs?: number[];
  register?: (bus: EventBus) => void;
  start?: boolean;
};

/** Builds buses on one database and stops them (newest first) in stopAll(). */
export class BusFactory {
  private readonly stops: (() => Promise<void>)[] = [];
  private readonly schemas = new Map<string, BusTables>();

  constructor(
    private readonly database: Database,
    private readonly kit: TransportKit,
    private readonly logger: Logger,
  ) {}

  /** The bus tables of `service`, created the first time. */
  async tablesOf(service: string): Promise<BusTables> {
    let tables = this.schemas.get(service);
    if (!tables) {
      tables = await createBusSchema(this.database, service.replace(/\W/g, '_'));
      this.schemas.set(service, tables);
    }
    return tables;
  }

  async create(service: string, options: BusOptions = {}): Promise<{ bus: EventBus; transport: Transport }> {
    const { tables, transport: given, delaysMs = [50, 100], register, start = true, ...rest } = options;
    const transport = given ?? (await this.kit.connect());
    this.kit.declare(service, delaysMs);
    const bus = createEventBus({
      service,
      database: this.database,
      tables: tables ?? (await this.tablesOf(service)),
      transport,
      logger: this.logger,
      retry: { delaysMs },
      relayIntervalMs: 25,
      ...rest,
    });
    register?.(bus);
    this.stops.push(() => bus.stop());
    if (start) await bus.start();
    return { bus, transport };
  }

  async stopAll(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse()) await stop();
  }
}
