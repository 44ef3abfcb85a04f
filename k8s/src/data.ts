import { SUBSCRIPTIONS } from '@edicola/contracts';
import { consumerQueueName, deadLetterQueueName, retryQueueName } from '@edicola/platform';
import {
  DELIVERY_LIMIT,
  EXCHANGE,
  POSTGRES_CLUSTER,
  RABBITMQ_CLUSTER,
  RETRY_DELAYS_MS,
  SERVICES,
} from './shop';
import { labelsOf, type Manifest } from './workloads';

const BACKUPS = 'edicola-backups';

/**
 * One CloudNativePG cluster, a database and an owner role per service (each service reaches only its own
 * database: the role owns nothing else), WAL archiving and base backups through the Barman Cloud plugin.
 */
export function postgres(): Record<string, Manifest> {
  const cluster: Manifest = {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: { name: POSTGRES_CLUSTER, labels: labelsOf(POSTGRES_CLUSTER) },
    spec: {
      instances: 3,
      imageName: 'ghcr.io/cloudnative-pg/postgresql:15',
      storage: { size: '20Gi' },
      primaryUpdateStrategy: 'unsupervised',
      managed: {
        roles: SERVICES.map((s) => ({
          name: s.database,
          ensure: 'present',
          login: true,
          passwordSecret: { name: `${s.name}-db` },
        })),
      },
      plugins: [
        {
          name: 'barman-cloud.cloudnative-pg.io',
          isWALArchiver: true,
          parameters: { barmanObjectName: BACKUPS },
        },
      ],
      resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { cpu: '2', memory: '2Gi' } },
    },
  };
  const databases = SERVICES.map((s): Manifest => ({
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Database',
    metadata: { name: `${POSTGRES_CLUSTER}-${s.database}`, labels: labelsOf(POSTGRES_CLUSTER) },
    spec: { name: s.database, owner: s.database, cluster: { name: POSTGRES_CLUSTER }, ensure: 'present' },
  }));
  const store: Manifest = {
    apiVersion: 'barmancloud.cnpg.io/v1',
    kind: 'ObjectStore',
    metadata: { name: BACKUPS, labels: labelsOf(POSTGRES_CLUSTER) },
    spec: {
      retentionPolicy: '30d',
      configuration: {
        destinationPath: 's3://edicola-backups/postgres',
        s3Credentials: {
          accessKeyId: { name: BACKUPS, key: 'access-key-id' },
          secretAccessKey: { name: BACKUPS, key: 'secret-access-key' },
        },
        wal: { compression: 'gzip' },
      },
    },
  };
  const schedule: Manifest = {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'ScheduledBackup',
    metadata: { name: `${POSTGRES_CLUSTER}-daily`, labels: labelsOf(POSTGRES_CLUSTER) },
    spec: {
      schedule: '0 0 3 * * *',
      backupOwnerReference: 'self',
      cluster: { name: POSTGRES_CLUSTER },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    },
  };
  return {
    'cluster.yaml': cluster,
    'databases.yaml': databases as unknown as Manifest,
    'object-store.yaml': store,
    'scheduled-backup.yaml': schedule,
  };
}

const topology = (kind: string, name: string, spec: Record<string, unknown>): Manifest => ({
  apiVersion: 'rabbitmq.com/v1beta1',
  kind,
  metadata: { name, labels: labelsOf(RABBITMQ_CLUSTER) },
  spec: { ...spec, rabbitmqClusterReference: { name: RABBITMQ_CLUSTER } },
});

const k8sName = (queue: string) => queue.replace(/[^a-z0-9-]/g, '-');

/**
 * The broker (Cluster Operator) and its topology (Messaging Topology Operator), declared from the same table
 * and names as the services' own declarations (platform's RabbitMQ transport), so the arguments agree: the
 * exchange, each subscriber's quorum queue with its delivery limit and dead-letter queue, its retry queues,
 * the bindings, and one user with its permissions per service.
 */
export function rabbitmq(): Record<string, Manifest> {
  const cluster: Manifest = {
    apiVersion: 'rabbitmq.com/v1beta1',
    kind: 'RabbitmqCluster',
    metadata: { name: RABBITMQ_CLUSTER, labels: labelsOf(RABBITMQ_CLUSTER) },
    spec: {
      replicas: 3,
      persistence: { storage: '10Gi' },
      resources: { requests: { cpu: '250m', memory: '1Gi' }, limits: { cpu: '1', memory: '2Gi' } },
    },
  };
  const queues: Manifest[] = [];
  const bindings: Manifest[] = [];
  for (const [service, types] of Object.entries(SUBSCRIPTIONS)) {
    const queue = consumerQueueName(service);
    const deadLetters = deadLetterQueueName(service);
    queues.push(
      topology('Queue', k8sName(deadLetters), { name: deadLetters, type: 'quorum', durable: true }),
    );
    queues.push(
      topology('Queue', k8sName(queue), {
        name: queue,
        type: 'quorum',
        durable: true,
        arguments: {
          'x-delivery-limit': DELIVERY_LIMIT,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': deadLetters,
        },
      }),
    );
    for (const delayMs of RETRY_DELAYS_MS) {
      const retry = retryQueueName(service, delayMs);
      queues.push(
        topology('Queue', k8sName(retry), {
          name: retry,
          type: 'quorum',
          durable: true,
          arguments: {
            'x-message-ttl': delayMs,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': queue,
          },
        }),
      );
    }
    for (const type of types) {
      bindings.push(
        topology('Binding', k8sName(`${queue}-${type}`), {
          source: EXCHANGE,
          destination: queue,
          destinationType: 'queue',
          routingKey: type,
        }),
      );
    }
  }
  const users = SERVICES.flatMap((s) => [
    topology('User', `${s.name}-amqp`, { tags: [] }),
    topology('Permission', `${s.name}-amqp`, {
      vhost: '/',
      userReference: { name: `${s.name}-amqp` },
      // Every service declares every subscriber's queues at start (an event published before its consumer
      // first ran waits), publishes to the exchange and to its own retry queues, and reads its own queues.
      permissions: {
        configure: '^(edicola\\.events|svc-[a-z]+\\.q(\\..*)?)$',
        write: `^(edicola\\.events|amq\\.default|${s.name.replace('-', '\\-')}\\.q(\\..*)?)$`,
        read: `^(edicola\\.events|${s.name.replace('-', '\\-')}\\.q(\\..*)?)$`,
      },
    }),
  ]);
  return {
    'cluster.yaml': cluster,
    'exchange.yaml': topology('Exchange', 'edicola-events', { name: EXCHANGE, type: 'topic', durable: true }),
    'queues.yaml': queues as unknown as Manifest,
    'bindings.yaml': bindings as unknown as Manifest,
    'users.yaml': users as unknown as Manifest,
  };
}
