import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { API_ROUTES, serviceForPath, type ServiceName } from '@edicola/contracts';
import { ENVIRONMENTS } from '../src/layout';
import { staleFiles, K8S_DIR } from '../src/files';
import { SERVICES, STATIC_SLICES } from '../src/shop';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const render = (dir: string) =>
  execFileSync('kubectl', ['kustomize', path.join(K8S_DIR, dir)], { encoding: 'utf8' });
const docsOf = (yaml: string): Doc[] => parseAllDocuments(yaml).map((d) => d.toJS() as Doc);
const validate = (yaml: string): { objects: number; errors: string[] } =>
  JSON.parse(
    execFileSync(process.execPath, [path.join(K8S_DIR, 'scripts/validate.mjs')], {
      input: yaml,
      encoding: 'utf8',
    }),
  );

const rendered = Object.fromEntries(ENVIRONMENTS.map((env) => [env.name, render(`shop/${env.name}`)]));
const objects = (env: string) => docsOf(rendered[env]!);
const named = (docs: Doc[], kind: string) => docs.filter((d) => d.kind === kind);

describe('the generated manifests', () => {
  test('are the ones the deployment table gives (npm run generate -w k8s writes them)', () => {
    expect(staleFiles()).toEqual([]);
  });

  test.each(ENVIRONMENTS.map((env) => env.name))(
    '%s: the whole shop renders and every object validates',
    (env) => {
      const result = validate(rendered[env]!);
      expect(result.errors).toEqual([]);
      expect(result.objects).toBeGreaterThan(100);
      expect(new Set(objects(env).map((d) => d.metadata.namespace))).toEqual(
        new Set([ENVIRONMENTS.find((e) => e.name === env)!.namespace]),
      );
    },
  );

  test.each([
    ...SERVICES.map((s) => s.name),
    'web',
    ...STATIC_SLICES,
    'platform',
    'datastores',
    'observability',
  ])('%s deploys on its own: each overlay renders and validates', (slice) => {
    for (const env of ENVIRONMENTS) {
      expect(validate(render(`${slice}/overlays/${env.name}`)).errors).toEqual([]);
    }
  });

  test('the validation refuses what a cluster would refuse', () => {
    const bad = [
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replicas: "two", selector: {}, template: {}}',
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: old}\nspec: {}',
      'apiVersion: rabbitmq.com/v1beta1\nkind: Queue\nmetadata: {name: q}\nspec: {name: q, typo: 1, rabbitmqClusterReference: {name: r}}',
    ];
    for (const yaml of bad) expect(validate(yaml).errors).toHaveLength(1);
  });
});

describe('policy', () => {
  const docs = objects('production');
  const pods = [
    ...named(docs, 'Deployment').map((d) => ({
      name: d.metadata.name,
      spec: d.spec.template.spec,
      job: false,
    })),
    ...named(docs, 'Job').map((d) => ({ name: d.metadata.name, spec: d.spec.template.spec, job: true })),
  ];

  test('every container runs non-root, read-only, unprivileged, with limits; long-running ones have probes', () => {
    expect(pods.length).toBeGreaterThanOrEqual(13);
    for (const pod of pods) {
      expect(pod.spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.spec.automountServiceAccountToken).toBe(false);
      for (const c of pod.spec.containers) {
        expect(c.securityContext).toEqual({
          runAsNonRoot: true,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.resources.requests).toEqual(
          expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
        );
        expect(c.resources.limits).toEqual(
          expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
        );
        expect(c.image).toMatch(/^registry\.example\.com\/edicola\/[a-z-]+:[0-9][\w.-]*$/);
        if (!pod.job) {
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
            expect(c[probe]).toBeDefined();
        }
      }
    }
  });

  test('secrets are referenced, never written', () => {
    expect(named(docs, 'Secret')).toEqual([]);
    for (const pod of pods) {
      for (const c of pod.spec.containers) {
        for (const variable of c.env ?? []) {
          if (/SECRET|PASSWORD|TOKEN|KEY|JWK/.test(variable.name))
            expect(variable.valueFrom?.secretKeyRef).toBeDefined();
          if (typeof variable.value === 'string')
            expect(variable.value).not.toMatch(/:\/\/[^$][^:]*:[^$@]+@/);
        }
      }
    }
    for (const map of named(docs, 'ConfigMap')) {
      expect(Object.keys(map.data).filter((k) => /SECRET|PASSWORD|TOKEN|PRIVATE/.test(k))).toEqual([]);
    }
  });

  test('every workload has its Service, ServiceAccount, disruption budget and network policy', () => {
    for (const d of named(docs, 'Deployment')) {
      const name = d.metadata.name;
      for (const kind of ['Service', 'ServiceAccount', 'PodDisruptionBudget', 'NetworkPolicy']) {
        expect(named(docs, kind).map((o) => o.metadata.name)).toContain(name);
      }
    }
    for (const s of [...SERVICES.map((x) => x.name), 'web']) {
      expect(named(docs, 'HorizontalPodAutoscaler').map((o) => o.metadata.name)).toContain(s);
    }
    expect(
      named(docs, 'Job')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(SERVICES.map((x) => `${x.name}-migrate`).sort());
  });

  test('the network: default deny, DNS for all, the outside only for svc-payments, svc-orders and svc-channels (and SMTP for svc-notify)', () => {
    const policies = named(docs, 'NetworkPolicy');
    const deny = policies.find((p) => p.metadata.name === 'default-deny')!;
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(policies.find((p) => p.metadata.name === 'allow-dns')!.spec.egress[0].ports).toHaveLength(2);
    const reachesOutside = (p: Doc) =>
      (p.spec.egress ?? []).filter((rule: Doc) =>
        (rule.to ?? []).some((to: Doc) => to.ipBlock?.cidr === '0.0.0.0/0'),
      );
    const https = policies
      .filter((p) => reachesOutside(p).some((rule: Doc) => rule.ports.some((port: Doc) => port.port === 443)))
      .map((p) => p.metadata.name)
      .sort();
    expect(https).toEqual(['edicola-db', 'edicola-rabbitmq', 'svc-channels', 'svc-orders', 'svc-payments']);
    const notify = reachesOutside(policies.find((p) => p.metadata.name === 'svc-notify')!);
    expect(notify.flatMap((rule: Doc) => rule.ports.map((port: Doc) => port.port))).toEqual([465, 587]);
    // svc-catalog's internal routes are open to svc-orders only (besides the gateway and monitoring namespaces).
    const catalogIn = policies.find((p) => p.metadata.name === 'svc-catalog')!.spec.ingress[0].from;
    const podCallers = catalogIn
      .filter((f: Doc) => f.podSelector)
      .map((f: Doc) => f.podSelector.matchLabels['app.kubernetes.io/name']);
    expect(podCallers.sort()).toEqual(['svc-orders', 'web']);
  });
});

/** How the Gateway API matches a path: Exact, or PathPrefix on whole segments. */
function gatewayService(routes: Doc[], requestPath: string): ServiceName | null {
  for (const route of routes) {
    for (const rule of route.spec.rules) {
      for (const match of rule.matches) {
        const { type, value } = match.path;
        const hit =
          type === 'Exact'
            ? requestPath === value
            : requestPath === value || requestPath.startsWith(value.endsWith('/') ? value : `${value}/`);
        if (hit) return rule.backendRefs[0].name;
      }
    }
  }
  return null;
}

describe('the API routes', () => {
  const routes = named(objects('production'), 'HTTPRoute').filter((r) => r.metadata.name.startsWith('api-'));

  test('send each path where the local gateway sends it, and /internal/ nowhere', () => {
    const paths = [
      ...Object.values(API_ROUTES).flatMap((patterns) =>
        patterns.flatMap((p) => {
          const base = p.replace(/\/?\*$/, '');
          return [base, `${base}/x`, `${base}x`];
        }),
      ),
      '/internal/orders',
      '/internal/stock/reservations',
      '/healthz',
      '/metrics',
      '/',
    ];
    for (const p of paths) {
      const local = serviceForPath(p);
      // `x/*` patterns are prefixes on x in the Gateway API: x itself reaches the service, which answers 404.
      if (local === null && gatewayService(routes, p) !== null) {
        expect(Object.values(API_ROUTES).flat()).toContain(`${p}/*`);
        continue;
      }
      expect([p, gatewayService(routes, p)]).toEqual([p, local]);
    }
    for (const route of routes) {
      for (const rule of route.spec.rules) {
        for (const match of rule.matches) expect(match.path.value.toLowerCase()).not.toMatch(/^\/internal/);
      }
    }
  });
});

describe('the alerts and the dashboard', () => {
  const docs = objects('production');
  /** Every metric the code declares (a histogram also gives _count, _bucket and _sum). */
  const declared = new Set(
    ['platform/src/metrics.ts', 'svc-orders/src/orders/metrics.ts', 'svc-payments/src/payments/metrics.ts']
      .map((file) => readFileSync(path.join(K8S_DIR, '..', file), 'utf8'))
      .flatMap((text) => [...text.matchAll(/'(edicola_[a-z_]+)'/g)].map((m) => m[1]!))
      .flatMap((name) => [name, `${name}_count`, `${name}_bucket`, `${name}_sum`]),
  );
  const usedIn = (text: string) => [...text.matchAll(/\b(edicola_[a-z_]+)/g)].map((m) => m[1]!);

  test('use only metrics the services expose', () => {
    const rules = named(docs, 'PrometheusRule')[0]!.spec.groups[0].rules;
    expect(rules.map((r: Doc) => r.alert)).toEqual(
      expect.arrayContaining([
        'EdicolaDeadLetters',
        'EdicolaOutboxStuck',
        'EdicolaPaymentFailures',
        'EdicolaServerErrors',
      ]),
    );
    const board = JSON.parse(
      named(docs, 'ConfigMap').find((m) => m.metadata.name === 'edicola-dashboard')!.data['edicola.json'],
    );
    const used = [
      ...rules.flatMap((r: Doc) => usedIn(r.expr)),
      ...board.panels.flatMap((p: Doc) => usedIn(p.targets[0].expr)),
    ];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !declared.has(name))).toEqual([]);
  });
});
