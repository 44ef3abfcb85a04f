import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import { sql } from 'drizzle-orm';
import {
  consumerQueueName,
  createLogger,
  deadLetterQueueName,
  discardDeadLetters,
  listDeadLetters,
  openPglite,
  pgliteDatabase,
  postgresDatabase,
  NOT_REPLAYABLE,
  replayDeadLetters,
  shopProcessOn,
  usePrivateUmask,
  type BusTables,
  type Database,
  type DeadLetterSelector,
} from '@edicola/platform';
import { catalogService } from '@edicola/svc-catalog';
import { notifyService } from '@edicola/svc-notify';
import { ordersService } from '@edicola/svc-orders';
import { paymentsService } from '@edicola/svc-payments';

const SERVICES: { name: string; schema: string; tables: BusTables }[] = [
  catalogService,
  ordersService,
  paymentsService,
  notifyService,
];

export const USAGE = `Dead letters: events a service gave up on, kept in its database (and, for those the broker itself
parked, in its RabbitMQ dead-letter queue).

  npm run events -- dead-letters [--service svc-x] [--handled]   list (waiting, or --handled: replayed/discarded)
  npm run events -- replay <id|--all> [--service svc-x]           hand back to that service alone
  npm run events -- discard <id|--all> [--service svc-x]          mark handled without replaying
  npm run events -- replay --dlq [--service svc-x]                move the RabbitMQ DLQ back into the service's queue
  npm run events -- discard --dlq [--service svc-x]               empty the RabbitMQ DLQ

<id> is a dead letter's id or its event's id. The database is DATABASE_URL (one service's database in the
distributed mode: give --service), else the all-in-one PGlite under DATA_DIR (default ./data), which must not be in
use by a running shop. RabbitMQ (AMQP_URL, BUS_QUEUE_PREFIX) is read when AMQP_URL is set.`;

export class UsageError extends Error {}

export interface EventsIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
}

/** Opens the database the command works on; refuses the all-in-one data while a shop holds it (PGlite is
 * single-process: a second process writing to it would corrupt it). */
async function openDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  if (env.DATABASE_URL)
    return postgresDatabase(env.DATABASE_URL, { max: 1, logger: createLogger('events', 'silent') });
  const dir = path.resolve(env.DATA_DIR ?? './data', 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new UsageError(`no shop data in ${dir}: set DATA_DIR, or DATABASE_URL for PostgreSQL`);
  const holder = shopProcessOn(path.resolve(env.DATA_DIR ?? './data'));
  if (holder !== null)
    throw new UsageError(
      `the shop is running on ${dir} (process ${holder}): stop it first, PGlite allows one process at a time.`,
    );
  return pgliteDatabase(await openPglite(dir), { ownsEngine: true });
}

async function hasDeadLetters(database: Database, schema: string): Promise<boolean> {
  const result = await database.db.execute<{ found: string | null }>(
    sql`select to_regclass(${`"${schema}".dead_letters`})::text as found`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { found: string | null }[] }).rows;
  return Boolean(rows[0]?.found);
}

/** A fresh channel per broker call: a missing queue closes the channel it was asked on. */
async function onChannel<T>(model: ChannelModel, work: (channel: Channel) => Promise<T>): Promise<T> {
  const channel = await model.createChannel();
  channel.on('error', () => undefined);
  try {
    return await work(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}

async function dlqCount(model: ChannelModel, queue: string): Promise<number | undefined> {
  return onChannel(model, async (channel) => (await channel.checkQueue(queue)).messageCount).catch(
    () => undefined,
  );
}

/** Moves every message of `from` into `to`, as a first delivery again (its attempt counts dropped). */
async function moveQueue(model: ChannelModel, from: string, to: string): Promise<number> {
  const channel = await model.createConfirmChannel();
  channel.on('error', () => undefined);
  let moved = 0;
  try {
    for (let message = await channel.get(from); message; message = await channel.get(from)) {
      const {
        'x-attempt': _a,
        'x-delivery-count': _c,
        'x-death': _d,
        ...headers
      } = message.properties.headers as Record<string, unknown>;
      channel.publish('', to, message.content, { ...message.properties, headers, mandatory: true });
      await channel.waitForConfirms();
      channel.ack(message);
      moved++;
    }
  } finally {
    await channel.close().catch(() => undefined);
  }
  return moved;
}

/** Runs one `npm run events -- …` command; returns the exit code. */
export async function runEvents(argv: string[], io: EventsIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      all: { type: 'boolean', default: false },
      dlq: { type: 'boolean', default: false },
      handled: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, id] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (!['dead-letters', 'replay', 'discard'].includes(command))
    throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  const services = values.service ? SERVICES.filter((s) => s.name === values.service) : SERVICES;
  if (services.length === 0)
    throw new UsageError(`unknown service "${values.service}": ${SERVICES.map((s) => s.name).join(', ')}`);
  const prefix = io.env.BUS_QUEUE_PREFIX ?? '';

  if (command !== 'dead-letters' && values.dlq) {
    if (!io.env.AMQP_URL) throw new UsageError('--dlq needs AMQP_URL');
    const model = await connect(io.env.AMQP_URL);
    try {
      for (const { name } of services) {
        const dlq = deadLetterQueueName(name, prefix);
        if ((await dlqCount(model, dlq)) === undefined) continue;
        if (command === 'replay') {
          const moved = await moveQueue(model, dlq, consumerQueueName(name, prefix));
          io.out(`${name}: ${moved} moved from ${dlq} back to ${consumerQueueName(name, prefix)}`);
        } else {
          const { messageCount } = await onChannel(model, (channel) => channel.purgeQueue(dlq));
          io.out(`${name}: ${messageCount} discarded from ${dlq}`);
        }
      }
    } finally {
      await model.close();
    }
    return 0;
  }

  let selector: DeadLetterSelector | undefined;
  if (command !== 'dead-letters') {
    if (values.all === Boolean(id)) throw new UsageError(`${command} needs a dead letter's id or --all`);
    if (id && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new UsageError(`not a dead letter's id: ${id}`);
    selector = id ? { id } : { all: true };
  }

  const database = await openDatabase(io.env);
  const model = io.env.AMQP_URL && command === 'dead-letters' ? await connect(io.env.AMQP_URL) : undefined;
  try {
    let total = 0;
    let refused = 0;
    let found = 0;
    for (const { name, schema, tables } of services) {
      if (!(await hasDeadLetters(database, schema))) continue;
      found++;
      if (command === 'dead-letters') {
        const rows = await listDeadLetters(database, tables, { handled: values.handled });
        const dlq = deadLetterQueueName(name, prefix);
        const inBroker = model ? await dlqCount(model, dlq) : undefined;
        const broker = model ? `, ${inBroker ?? 'no'} in the RabbitMQ queue ${dlq}` : '';
        io.out(`${name}: ${rows.length} ${values.handled ? 'handled' : 'waiting'} in the database${broker}`);
        for (const row of rows)
          io.out(
            `  ${row.id}  event ${row.eventId}  ${row.type}  attempts ${row.attempts}  ` +
              `${row.createdAt.toISOString()}  ${row.error.slice(0, 160)}`,
          );
        continue;
      }
      const done =
        command === 'replay'
          ? await replayDeadLetters(database, tables, name, selector!)
          : await discardDeadLetters(database, tables, selector!);
      total += done.length;
      if (command === 'replay') {
        // What replay left waiting because it is no event at all (a message that was not JSON): say so.
        const kept = (await listDeadLetters(database, tables)).filter(
          (row) => row.error.startsWith(NOT_REPLAYABLE) && (!id || row.id === id || row.eventId === id),
        );
        refused += kept.length;
        if (kept.length > 0)
          io.out(
            `${name}: ${kept.length} not replayable, not a valid event envelope (see dead-letters; discard it)`,
          );
      }
      if (done.length > 0)
        io.out(
          command === 'replay'
            ? `${name}: ${done.length} replayed (to ${name} alone, by its outbox: now if it runs, else at its next start)`
            : `${name}: ${done.length} discarded`,
        );
    }
    if (found === 0) throw new UsageError('this database holds no service tables (is it the right one?)');
    if (refused > 0) return 1;
    if (command !== 'dead-letters' && total === 0) {
      io.out(id ? `no waiting dead letter ${id}` : 'no waiting dead letters');
      return id ? 1 : 0;
    }
    return 0;
  } finally {
    await model?.close();
    await database.close();
  }
}

export function main(): void {
  usePrivateUmask();
  runEvents(process.argv.slice(2), {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const usage =
        error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS');
      process.stderr.write(
        `${usage ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
      );
      process.exit(usage ? 2 : 1);
    },
  );
}
