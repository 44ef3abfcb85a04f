import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect, type Channel, type ChannelModel, type GetMessage } from 'amqplib';

const run = promisify(execFile);

/** A plain connection for inspecting and cleaning up the broker from tests. */
export class RabbitAdmin {
  private constructor(private readonly model: ChannelModel) {}

  static async connect(url: string): Promise<RabbitAdmin> {
    const model = await connect(url);
    model.on('error', () => undefined);
    return new RabbitAdmin(model);
  }

  /** A failed operation closes its channel, so each one gets a fresh channel. */
  private async withChannel<T>(work: (channel: Channel) => Promise<T>): Promise<T> {
    const channel = await this.model.createChannel();
    channel.on('error', () => undefined);
    try {
      return await work(channel);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  messageCount(queue: string): Promise<number> {
    return this.withChannel(async (channel) => (await channel.checkQueue(queue)).messageCount);
  }

  /** Takes (and acknowledges) every message waiting in `queue`. */
  drain(queue: string): Promise<GetMessage[]> {
    return this.withChannel(async (channel) => {
      const messages: GetMessage[] = [];
      for (let message = await channel.get(queue); message; message = await channel.get(queue)) {
        channel.ack(message);
        messages.push(message);
      }
      return messages;
    });
  }

  /** Puts `content` as it is (not necessarily JSON) into `queue`. */
  sendRaw(
    queue: string,
    content: string,
    properties: { messageId?: string; type?: string } = {},
  ): Promise<void> {
    return this.withChannel(async (channel) => {
      channel.sendToQueue(queue, Buffer.from(content), { persistent: true, ...properties });
    });
  }

  async deleteTopology(exchange: string, queues: string[]): Promise<void> {
    for (const queue of queues)
      await this.withChannel((channel) => channel.deleteQueue(queue)).catch(() => undefined);
    await this.withChannel((channel) => channel.deleteExchange(exchange)).catch(() => undefined);
  }

  close(): Promise<void> {
    return this.model.close();
  }
}

/** True when rabbitmqctl can reach the local broker. */
export async function hasRabbitmqctl(): Promise<boolean> {
  try {
    await run('rabbitmqctl', ['-q', 'list_connections', 'pid'], { timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

/** Has the broker close the connections whose client named itself `connectionName`; returns how many. */
export async function closeConnectionsNamed(connectionName: string): Promise<number> {
  const { stdout } = await run('rabbitmqctl', [
    '-q',
    'list_connections',
    '--no-table-headers',
    'pid',
    'client_properties',
  ]);
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(`{"connection_name","${connectionName}"}`))
    .map((line) => line.split('\t')[0] ?? '')
    .filter(Boolean);
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, 'closed by test']);
  return pids.length;
}
