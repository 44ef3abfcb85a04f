import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { queuesOf } from '@edicola/platform';
import { waitFor } from '@edicola/platform/testing';
import { RabbitAdmin } from '../../../platform/src/testing/rabbitmq';
import { startGateway } from '../../src/distributed';
import { Balancer } from './balancer';
import { freePort, ServiceProcess } from './service-process';
import { canRunFaults, faultEnv, StockCluster, type OrderAnswer } from './stock-cluster';

// A rolling update as Kubernetes runs one (k8s/: preStop sleep, then SIGTERM, terminationGracePeriodSeconds): a new
// replica starts and becomes ready, the old one leaves the Service's endpoints, then gets SIGTERM. Real processes on
// PostgreSQL and RabbitMQ: needs TEST_DATABASE_URL and AMQP_URL, as .ci/run's services leg sets them.
const suite = canRunFaults ? describe : describe.skip;
const root = path.resolve(__dirname, '../../..');

const report = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (statuses: number[]) =>
  statuses.reduce<Record<string, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** `workers` loops calling `one` until stopped: a steady load, with every answer kept. */
function steadyLoad<T>(workers: number, one: () => Promise<T>) {
  const answers: T[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (running) answers.push(await one());
    }),
  );
  return {
    answers,
    /** Resolves once `count` more answers came. */
    more: (count: number) => {
      const target = answers.length + count;
      return waitFor(() => answers.length >= target, { timeoutMs: 60_000, intervalMs: 20 });
    },
    stop: async () => {
      running = false;
      await done;
      return answers;
    },
  };
}

/** The rollout's steps: the new replica joins the endpoints, the old one leaves them, then gets SIGTERM. */
async function rollOut(balancer: Balancer, old: ServiceProcess, next: ServiceProcess) {
  balancer.add(next.port);
  balancer.remove(old.port);
  // The preStop sleep (5 s in k8s/), shortened: connections already made to the old replica go on.
  await sleep(500);
  const started = Date.now();
  const code = await old.stop();
  return { code, stopMs: Date.now() - started };
}

suite('a rollout drops nothing, with real processes (needs TEST_DATABASE_URL and AMQP_URL)', () => {
  let cluster: StockCluster | undefined;
  let stopGateway: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopGateway?.();
    await cluster?.stop();
    cluster = undefined;
    stopGateway = undefined;
  });

  it('svc-orders: two replicas behind the gateway, one replaced under steady orders: no failed order, no lost event', async () => {
    cluster = await StockCluster.start({
      internalCallTimeoutMs: 5000,
      placementTimeoutMs: 15_000,
      sweepIntervalMs: 1000,
      ordersBalanced: true,
    });
    const balancer = cluster.balancer!;
    const article = await cluster.addArticle(100_000);
    const second = await cluster.startOrdersReplica();
    balancer.add(second.port);
    const gateway = await startGateway({
      API_PORT: '0',
      HOST: '127.0.0.1',
      CATALOG_URL: cluster.catalog.url,
      ORDERS_URL: balancer.url,
      PAYMENTS_URL: 'http://127.0.0.1:9',
      NOTIFY_URL: 'http://127.0.0.1:9',
      CHANNELS_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'silent',
    });
    stopGateway = gateway.stop;
    const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as import('node:net').AddressInfo).port}`;

    // Six buyers, each placing one order after another (with its Idempotency-Key, as the checkout sends it).
    const load = steadyLoad(6, () => cluster!.orderAt(gatewayUrl, article, randomUUID()));
    await load.more(30);
    const third = await cluster.startOrdersReplica();
    const rollout = await rollOut(balancer, cluster.orders, third);
    await load.more(30);
    const answers: OrderAnswer[] = await load.stop();

    const statuses = answers.map((a) => a.status);
    report(
      `rollout of svc-orders under ${answers.length} orders: answers ${JSON.stringify(tally(statuses))}; ` +
        `the old replica stopped in ${rollout.stopMs} ms with exit code ${rollout.code}`,
    );
    expect(tally(statuses)).toEqual({ 201: answers.length });
    expect(rollout.code).toBe(0);

    // Every accepted order is stored, and its order.created reached RabbitMQ (svc-notify's queue: it is not running
    // here, so the events wait there), whichever replica took it and whenever its relay ran.
    const accepted = answers.map((a) => a.body.order_id!);
    expect(new Set(await cluster.orderIds())).toEqual(new Set(accepted));
    const rabbit = await RabbitAdmin.connect(faultEnv.amqpUrl!);
    const [notifyQueue] = queuesOf('svc-notify', [], cluster.bus.queuePrefix);
    const created = new Set<string>();
    try {
      await waitFor(
        async () => {
          for (const message of await rabbit.drain(notifyQueue!)) {
            const event = JSON.parse(message.content.toString()) as {
              type: string;
              data: { order_id: string };
            };
            if (event.type === 'order.created') created.add(event.data.order_id);
          }
          return accepted.every((id) => created.has(id));
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
    } finally {
      await rabbit.close();
    }
    expect(accepted.filter((id) => !created.has(id))).toEqual([]);
  }, 180_000);

  it('the storefront server: two replicas behind a Service, one replaced under steady page loads: none fails', async () => {
    const web = async () => {
      const port = await freePort();
      const replica = new ServiceProcess(
        'web',
        port,
        {
          WEB_PORT: String(port),
          API_PORT: '8080',
          WEB_ROOT: '/nonexistent',
          PUBLIC_WEB_URL: 'https://shop.example',
          LOG_LEVEL: 'warn',
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
        },
        { args: [path.join(root, 'launcher/src/cli.ts'), 'web'], readyPath: '/config.json' },
      );
      await replica.start();
      return replica;
    };
    const replicas = [await web(), await web()];
    const balancer = await Balancer.start(replicas.map((r) => r.port));
    // The Ingress in front keeps connections alive and, as every HTTP proxy does, sends a GET once more when a
    // connection it reused was closed under it (RFC 9112 §9.3.1); anything else counts as failed.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let resent = 0;
    const page = (): Promise<number> => {
      const once = () =>
        new Promise<number>((resolve, reject) => {
          // The public name the Ingress passes on (the storefront answers only for its own names).
          const req = http.get(
            `${balancer.url}/config.json`,
            { agent, headers: { host: 'shop.example' } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
              res.on('error', reject);
            },
          );
          req.on('error', (error: NodeJS.ErrnoException) =>
            reject(Object.assign(error, { reused: req.reusedSocket })),
          );
        });
      return once().catch((error: NodeJS.ErrnoException & { reused?: boolean }) => {
        if (!error.reused || error.code !== 'ECONNRESET') return 0;
        resent += 1;
        return once().catch(() => 0);
      });
    };
    try {
      const load = steadyLoad(6, page);
      await load.more(200);
      const next = await web();
      replicas.push(next);
      const rollout = await rollOut(balancer, replicas[0]!, next);
      await load.more(200);
      const statuses = await load.stop();
      report(
        `rollout of the storefront server under ${statuses.length} page loads: answers ` +
          `${JSON.stringify(tally(statuses))}, ${resent} sent again on a reused connection; ` +
          `the old replica stopped in ${rollout.stopMs} ms with exit code ${rollout.code}`,
      );
      expect(tally(statuses)).toEqual({ 200: statuses.length });
      expect(rollout.code).toBe(0);
    } finally {
      agent.destroy();
      await balancer.close();
      await Promise.all(replicas.map((r) => r.stop()));
    }
  }, 120_000);
});
