import {
  POSTGRES_CLUSTER,
  RABBITMQ_CLUSTER,
  SELLER_CONFIG_MAP,
  SLICE_PORT,
  WEB,
  type ServiceSlice,
  type StaticSlice,
} from './shop';

export type Manifest = Record<string, unknown> & { apiVersion: string; kind: string };

export const labelsOf = (name: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/part-of': 'edicola',
});
const selectorOf = (name: string) => ({ 'app.kubernetes.io/name': name });

/** The image's own user (Containerfiles create it with this id). */
export const RUN_AS = 10001;

const podSecurity = {
  runAsNonRoot: true,
  runAsUser: RUN_AS,
  runAsGroup: RUN_AS,
  fsGroup: RUN_AS,
  seccompProfile: { type: 'RuntimeDefault' },
};
const containerSecurity = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/** Spread over zones and nodes, so one lost node or zone never takes every replica. */
const spread = (name: string) =>
  ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
    maxSkew: 1,
    topologyKey,
    whenUnsatisfiable: 'ScheduleAnyway',
    labelSelector: { matchLabels: selectorOf(name) },
  }));

const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
  httpGet: { path, port: 'http' },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

interface PodOptions {
  name: string;
  image: string;
  port: number;
  args?: string[];
  env: Record<string, unknown>[];
  configMap: string;
  /** The seller's ConfigMap too: required (the pod waits for it) or optional. */
  seller?: 'required' | 'optional';
  cpu: { request: string; limit: string };
  memory: { request: string; limit: string };
  readyPath: string;
}

function container(options: PodOptions) {
  return {
    name: options.name,
    image: options.image,
    ...(options.args ? { args: options.args } : {}),
    ports: [{ name: 'http', containerPort: options.port }],
    envFrom: [
      { configMapRef: { name: options.configMap } },
      ...(options.seller
        ? [
            {
              configMapRef: {
                name: SELLER_CONFIG_MAP,
                ...(options.seller === 'optional' ? { optional: true } : {}),
              },
            },
          ]
        : []),
    ],
    env: options.env,
    // Up to a minute for migrations and the first connection; then liveness takes over.
    startupProbe: probe('/healthz', 2, 30),
    livenessProbe: probe('/healthz', 10, 3),
    readinessProbe: probe(options.readyPath, 5, 2),
    // The endpoints drop this pod before it gets SIGTERM, so no new request reaches a stopping process.
    lifecycle: { preStop: { sleep: { seconds: 5 } } },
    resources: {
      requests: { cpu: options.cpu.request, memory: options.memory.request },
      limits: { cpu: options.cpu.limit, memory: options.memory.limit },
    },
    securityContext: containerSecurity,
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
}

function podSpec(options: PodOptions, serviceAccount: string) {
  return {
    serviceAccountName: serviceAccount,
    automountServiceAccountToken: false,
    securityContext: podSecurity,
    terminationGracePeriodSeconds: 30,
    topologySpreadConstraints: spread(options.name),
    containers: [container(options)],
    volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
  };
}

function deployment(options: PodOptions, replicas: number): Manifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: options.name, labels: labelsOf(options.name) },
    spec: {
      replicas,
      revisionHistoryLimit: 5,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      selector: { matchLabels: selectorOf(options.name) },
      template: { metadata: { labels: labelsOf(options.name) }, spec: podSpec(options, options.name) },
    },
  };
}

const service = (name: string, port: number): Manifest => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, labels: labelsOf(name) },
  spec: { selector: selectorOf(name), ports: [{ name: 'http', port, targetPort: 'http' }] },
});

const serviceAccount = (name: string): Manifest => ({
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name, labels: labelsOf(name) },
  automountServiceAccountToken: false,
});

const autoscaler = (name: string, min: number, max: number): Manifest => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, labels: labelsOf(name) },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: min,
    maxReplicas: max,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ],
  },
});

const disruptionBudget = (name: string): Manifest => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name, labels: labelsOf(name) },
  spec: { maxUnavailable: 1, selector: { matchLabels: selectorOf(name) } },
});

const fromSecret = (env: string, secret: string, key: string, optional = false) => ({
  name: env,
  valueFrom: { secretKeyRef: { name: secret, key, ...(optional ? { optional: true } : {}) } },
});

/** The database and broker addresses, composed from the credentials (Kubernetes expands `$(VAR)`). */
function serviceEnv(slice: ServiceSlice) {
  return [
    ...slice.secrets.map((s) => fromSecret(s.env, s.secret, s.key, s.optional)),
    {
      name: 'DATABASE_URL',
      value: `postgres://$(DB_USER):$(DB_PASSWORD)@${POSTGRES_CLUSTER}-rw:5432/${slice.database}`,
    },
    { name: 'AMQP_URL', value: `amqp://$(AMQP_USER):$(AMQP_PASSWORD)@${RABBITMQ_CLUSTER}:5672` },
  ];
}

const servicePod = (slice: ServiceSlice, args?: string[]): PodOptions => ({
  name: slice.name,
  image: `edicola/${slice.name}`,
  port: slice.port,
  args,
  env: serviceEnv(slice),
  configMap: slice.name,
  ...(slice.seller ? { seller: 'optional' as const } : {}),
  cpu: slice.cpu,
  memory: slice.memory,
  readyPath: '/readyz',
});

/**
 * The migrations of a service as a Job, run before each rollout (k8s/README.md): `main.js migrate` applies them
 * under the advisory lock the services take at start, then exits. Argo CD runs it as a PreSync hook.
 */
function migrationJob(slice: ServiceSlice): Manifest {
  const name = `${slice.name}-migrate`;
  const pod = podSpec({ ...servicePod(slice, ['migrate']), name: slice.name }, slice.name);
  const [main] = pod.containers;
  const {
    startupProbe: _s,
    livenessProbe: _l,
    readinessProbe: _r,
    lifecycle: _p,
    ports: _ports,
    ...job
  } = main!;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      labels: { ...labelsOf(name), 'edicola.shop/stage': 'migrate' },
      annotations: {
        'argocd.argoproj.io/hook': 'PreSync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      },
    },
    spec: {
      backoffLimit: 3,
      activeDeadlineSeconds: 600,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels: labelsOf(name) },
        spec: { ...pod, topologySpreadConstraints: undefined, restartPolicy: 'Never', containers: [job] },
      },
    },
  };
}

const configMap = (name: string, data: Record<string, string>): Manifest => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, labels: labelsOf(name) },
  data,
});

export function serviceBase(slice: ServiceSlice): Record<string, Manifest> {
  return {
    'deployment.yaml': deployment(servicePod(slice), 2),
    'service.yaml': service(slice.name, slice.port),
    'serviceaccount.yaml': serviceAccount(slice.name),
    'configmap.yaml': configMap(slice.name, {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: String(slice.port),
      LOG_LEVEL: 'info',
      DATA_DIR: '/tmp/edicola',
      TRUST_PROXY: '2',
      CORS_ORIGINS: 'https://shop.example.com',
      PUBLIC_WEB_URL: 'https://shop.example.com',
      CATALOG_URL: 'http://svc-catalog:8101',
      ORDERS_URL: 'http://svc-orders:8102',
      PAYMENTS_URL: 'http://svc-payments:8103',
      NOTIFY_URL: 'http://svc-notify:8104',
      CHANNELS_URL: 'http://svc-channels:8105',
      ...slice.config,
    }),
    'hpa.yaml': autoscaler(slice.name, 2, 6),
    'pdb.yaml': disruptionBudget(slice.name),
    'migrate-job.yaml': migrationJob(slice),
  };
}

/** The storefront server: the shell, its first paint and /config.json, whose remotes come from a ConfigMap. */
export function webBase(): Record<string, Manifest> {
  const pod: PodOptions = {
    name: WEB.name,
    image: 'edicola/web',
    port: WEB.port,
    args: ['web'],
    env: [],
    configMap: WEB.name,
    seller: 'required',
    cpu: { request: '100m', limit: '1' },
    memory: { request: '128Mi', limit: '384Mi' },
    readyPath: '/healthz',
  };
  const spec = deployment(pod, 2);
  const template = (spec.spec as { template: { spec: ReturnType<typeof podSpec> } }).template.spec;
  template.containers[0]!.volumeMounts.push({ name: 'remotes', mountPath: '/etc/edicola/remotes' } as never);
  template.volumes.push({ name: 'remotes', configMap: { name: 'web-remotes' } } as never);
  return {
    'deployment.yaml': spec,
    'service.yaml': service(WEB.name, WEB.port),
    'serviceaccount.yaml': serviceAccount(WEB.name),
    'configmap.yaml': configMap(WEB.name, {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      WEB_PORT: String(WEB.port),
      LOG_LEVEL: 'info',
      PUBLIC_API_URL: 'https://api.shop.example.com',
      API_INTERNAL_URL: 'http://svc-catalog:8101',
      REMOTES_FILE: '/etc/edicola/remotes/remotes.json',
      DEMO_MODE: 'false',
    }),
    'hpa.yaml': autoscaler(WEB.name, 2, 6),
    'pdb.yaml': disruptionBudget(WEB.name),
  };
}

/** One front-end slice's files, served under /mf/<slice>/<version>/ with immutable caching. */
export function sliceBase(slice: StaticSlice): Record<string, Manifest> {
  const pod: PodOptions = {
    name: slice,
    image: `edicola/${slice}`,
    port: SLICE_PORT,
    args: ['slice'],
    env: [],
    configMap: slice,
    cpu: { request: '20m', limit: '250m' },
    memory: { request: '48Mi', limit: '128Mi' },
    readyPath: '/healthz',
  };
  return {
    'deployment.yaml': deployment(pod, 2),
    'service.yaml': service(slice, SLICE_PORT),
    'serviceaccount.yaml': serviceAccount(slice),
    'configmap.yaml': configMap(slice, {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      SLICE_PORT: String(SLICE_PORT),
      SLICE_NAME: slice,
      LOG_LEVEL: 'info',
    }),
    'pdb.yaml': disruptionBudget(slice),
  };
}
