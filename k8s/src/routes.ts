import { API_ROUTES, SERVICE_NAMES } from '@edicola/contracts';
import { SERVICES, SLICE_PORT, WEB } from './shop';
import { labelsOf, type Manifest } from './workloads';

export const GATEWAY = 'edicola';
const parentRefs = [{ name: GATEWAY, sectionName: 'https' }];

/**
 * A path pattern of contracts/src/gateway.ts as a Gateway API match. `x*` (x and below) is a PathPrefix, which
 * matches whole path segments exactly as the local gateway does; `x/*` (only below x) is a PathPrefix on x too,
 * the service answering x itself with its 404; anything else is an exact path.
 */
export function matchOf(pattern: string) {
  if (pattern.endsWith('/*')) return { path: { type: 'PathPrefix', value: pattern.slice(0, -2) } };
  if (pattern.endsWith('*')) return { path: { type: 'PathPrefix', value: pattern.slice(0, -1) } };
  return { path: { type: 'Exact', value: pattern } };
}

/** The Gateway API's limit of matches in one rule. */
const MATCHES_PER_RULE = 8;
const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The shop's Gateway: one HTTPS listener for the storefront and API hosts (the overlays set the hosts). */
export function gateway(): Manifest {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'Gateway',
    metadata: { name: GATEWAY, labels: labelsOf(GATEWAY) },
    spec: {
      gatewayClassName: 'edicola',
      listeners: [
        {
          name: 'https',
          protocol: 'HTTPS',
          port: 443,
          tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'edicola-tls' }] },
          allowedRoutes: { namespaces: { from: 'Same' } },
        },
      ],
    },
  };
}

/**
 * One HTTPRoute per service on the API host, generated from the routing table the local gateway follows.
 * Nothing under /internal/ is in that table, so no route reaches it (tested).
 */
export function apiRoutes(): Record<string, Manifest> {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const port = SERVICES.find((s) => s.name === name)!.port;
      const route: Manifest = {
        apiVersion: 'gateway.networking.k8s.io/v1',
        kind: 'HTTPRoute',
        metadata: { name: `api-${name}`, labels: labelsOf(name) },
        spec: {
          parentRefs,
          hostnames: ['api.shop.example.com'],
          rules: chunks(API_ROUTES[name].map(matchOf), MATCHES_PER_RULE).map((matches) => ({
            matches,
            backendRefs: [{ name, port }],
          })),
        },
      };
      return [`httproute-${name}.yaml`, route];
    }),
  );
}

/** The storefront host: the storefront server; each slice's files are routed per version (src/release.ts). */
export function webRoute(): Manifest {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: WEB.name, labels: labelsOf(WEB.name) },
    spec: {
      parentRefs,
      hostnames: ['shop.example.com'],
      rules: [
        {
          matches: [{ path: { type: 'PathPrefix', value: '/' } }],
          backendRefs: [{ name: WEB.name, port: WEB.port }],
        },
      ],
    },
  };
}

/** The route of one version of a slice: /mf/<slice>/<version>/ on the storefront host to that version's pods. */
export function sliceRoute(slice: string): Manifest {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: slice, labels: labelsOf(slice) },
    spec: {
      parentRefs,
      hostnames: ['shop.example.com'],
      rules: [
        {
          matches: [{ path: { type: 'PathPrefix', value: `/mf/${slice}/VERSION` } }],
          backendRefs: [{ name: slice, port: SLICE_PORT }],
        },
      ],
    },
  };
}
