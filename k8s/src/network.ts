import {
  GATEWAY_NAMESPACE_LABEL,
  MONITORING_NAMESPACE_LABEL,
  POSTGRES_CLUSTER,
  RABBITMQ_CLUSTER,
  SERVICES,
  SLICE_PORT,
  WEB,
  type ServiceSlice,
} from './shop';
import { labelsOf, type Manifest } from './workloads';

const pods = (name: string) => ({ podSelector: { matchLabels: { 'app.kubernetes.io/name': name } } });
const fromGateway = { namespaceSelector: { matchLabels: GATEWAY_NAMESPACE_LABEL } };
const fromMonitoring = { namespaceSelector: { matchLabels: MONITORING_NAMESPACE_LABEL } };
const tcp = (port: number) => ({ protocol: 'TCP', port });

/** Private and link-local ranges: "the internet" below means any address but these (and so no cluster pod). */
const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];
const outside = { ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE } };

/** Nothing goes in or out of a pod of the namespace unless a policy below lets it. */
export function defaultDeny(): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'default-deny', labels: labelsOf('edicola') },
    spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
  };
}

/** Every pod may ask the cluster's DNS. */
export function allowDns(): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'allow-dns', labels: labelsOf('edicola') },
    spec: {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
              podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    },
  };
}

const callersOf = (name: string) => [
  ...SERVICES.filter((s) => s.calls.includes(name as ServiceSlice['name'])).map((s) => s.name),
  ...(WEB.calls.includes(name as ServiceSlice['name']) ? [WEB.name] : []),
];

/**
 * A service: reached by the gateway, by the services that call it (internal endpoints, the key set) and by
 * Prometheus; it reaches its database, the broker, the services it calls, and the outside only when it must.
 */
export function servicePolicy(slice: ServiceSlice): Manifest {
  const egress: unknown[] = [
    { to: [{ podSelector: { matchLabels: { 'cnpg.io/cluster': POSTGRES_CLUSTER } } }], ports: [tcp(5432)] },
    {
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': RABBITMQ_CLUSTER } } }],
      ports: [tcp(5672)],
    },
    ...slice.calls.map((target) => ({
      to: [pods(target)],
      ports: [tcp(SERVICES.find((s) => s.name === target)!.port)],
    })),
  ];
  if (slice.internet) egress.push({ to: [outside], ports: [tcp(443)] });
  if (slice.smtp) egress.push({ to: [outside], ports: [tcp(465), tcp(587)] });
  const callers = callersOf(slice.name);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: slice.name, labels: labelsOf(slice.name) },
    spec: {
      ...pods(slice.name),
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ from: [fromGateway, fromMonitoring, ...callers.map(pods)], ports: [tcp(slice.port)] }],
      egress,
    },
  };
}

/** The storefront server: reached by the gateway; reads the public article list from svc-catalog. */
export function webPolicy(): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: WEB.name, labels: labelsOf(WEB.name) },
    spec: {
      ...pods(WEB.name),
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ from: [fromGateway, fromMonitoring], ports: [tcp(WEB.port)] }],
      egress: WEB.calls.map((target) => ({
        to: [pods(target)],
        ports: [tcp(SERVICES.find((s) => s.name === target)!.port)],
      })),
    },
  };
}

/** A slice's static files: reached by the gateway only, reaching nothing. */
export function slicePolicy(slice: string): Manifest {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: slice, labels: labelsOf(slice) },
    spec: {
      ...pods(slice),
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ from: [fromGateway], ports: [tcp(SLICE_PORT)] }],
      egress: [],
    },
  };
}

/** The database and broker pods accept the services (and their operators) only. */
export function dataPolicies(): Manifest[] {
  const services = SERVICES.map((s) => pods(s.name));
  const operators = { namespaceSelector: { matchLabels: { 'edicola.shop/operators': 'true' } } };
  const allowIn = (name: string, selector: Record<string, string>, ports: number[]): Manifest => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, labels: labelsOf(name) },
    spec: {
      podSelector: { matchLabels: selector },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        { from: services, ports: ports.slice(0, 1).map(tcp) },
        // The operators manage their instances; the instances talk to each other (replication, clustering).
        { from: [operators, { podSelector: { matchLabels: selector } }] },
      ],
      egress: [
        { to: [{ podSelector: { matchLabels: selector } }] },
        // Backups go to the object store outside the cluster.
        { to: [outside], ports: [tcp(443)] },
      ],
    },
  });
  return [
    allowIn(`${POSTGRES_CLUSTER}`, { 'cnpg.io/cluster': POSTGRES_CLUSTER }, [5432]),
    allowIn(`${RABBITMQ_CLUSTER}`, { 'app.kubernetes.io/name': RABBITMQ_CLUSTER }, [5672]),
  ];
}
