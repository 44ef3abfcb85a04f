import { parseAllDocuments, stringify } from 'yaml';
import { SERVICES, STATIC_SLICES, type StaticSlice } from './shop';
import type { Manifest } from './workloads';
import type { Environment } from './layout';

/** The shell's remote names (contracts' REMOTES) for each slice. */
export const REMOTE_OF: Record<StaticSlice, string> = {
  'mf-catalog': 'mf_catalog',
  'mf-checkout': 'mf_checkout',
  'mf-account': 'mf_account',
  'mf-admin': 'mf_admin',
};

export const POINTER = 'web-remotes';
export const POINTER_FILE = 'remotes.json';
const PREVIOUS = 'edicola.shop/previous-remotes';
const VERSION_LABEL = 'edicola.shop/version';

const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,40}$/;
export function checkVersion(version: string): string {
  if (!VERSION.test(version)) throw new Error(`"${version}" is not a version (letters, digits, . _ -)`);
  return version;
}

/** A Kubernetes name for a slice's version: mf-catalog + 1.4.0 → mf-catalog-v1-4-0. */
export const versionedName = (slice: string, version: string) =>
  `${slice}-v${version.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export const manifestUrl = (env: Environment, slice: StaticSlice, version: string) =>
  `https://${env.shopHost}/mf/${slice}/${version}/mf-manifest.json`;

export type Remotes = Record<string, string>;

/** The first pointer of an environment: every slice at the given version. */
export function initialRemotes(env: Environment, version: string): Remotes {
  return Object.fromEntries(
    STATIC_SLICES.map((s) => [REMOTE_OF[s], manifestUrl(env, s, checkVersion(version))]),
  );
}

export interface PointerMap {
  data: Record<string, string>;
  annotations: Record<string, string>;
}

/** The pointer ConfigMap after a release of `slice` at `version`: the previous value is kept for a rollback. */
export function flipPointer(
  current: PointerMap,
  env: Environment,
  slice: StaticSlice,
  version: string,
): PointerMap {
  const remotes = JSON.parse(current.data[POINTER_FILE] ?? '{}') as Remotes;
  const next = { ...remotes, [REMOTE_OF[slice]]: manifestUrl(env, slice, checkVersion(version)) };
  return {
    data: { [POINTER_FILE]: JSON.stringify(next, null, 2) },
    annotations: { ...current.annotations, [PREVIOUS]: current.data[POINTER_FILE] ?? '' },
  };
}

/** The pointer ConfigMap after a rollback: the value before the last flip (and that flip kept as the previous). */
export function rollbackPointer(current: PointerMap): PointerMap {
  const previous = current.annotations[PREVIOUS];
  if (!previous) throw new Error('no earlier remotes to roll back to');
  return {
    data: { [POINTER_FILE]: previous },
    annotations: { ...current.annotations, [PREVIOUS]: current.data[POINTER_FILE] ?? '' },
  };
}

export function pointerConfigMap(env: Environment, pointer: PointerMap): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: POINTER, namespace: env.namespace, annotations: pointer.annotations },
    data: pointer.data,
  };
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * One version of a slice from its rendered overlay: every object renamed for the version, the version in the
 * labels and selectors (two versions run side by side, each Service selecting its own pods), its image at
 * that tag, and its route on /mf/<slice>/<version>/.
 */
export function versionedSlice(renderedOverlay: string, slice: StaticSlice, version: string): Doc[] {
  checkVersion(version);
  const name = versionedName(slice, version);
  const docs = parseAllDocuments(renderedOverlay).map((d) => d.toJS() as Doc);
  const label = (labels: Record<string, string> | undefined) => ({ ...labels, [VERSION_LABEL]: version });
  for (const doc of docs) {
    doc.metadata.name = name;
    doc.metadata.labels = label(doc.metadata.labels);
    const spec = doc.spec;
    switch (doc.kind) {
      case 'Deployment':
        spec.selector.matchLabels = label(spec.selector.matchLabels);
        spec.template.metadata.labels = label(spec.template.metadata.labels);
        spec.template.spec.serviceAccountName = name;
        for (const constraint of spec.template.spec.topologySpreadConstraints ?? []) {
          constraint.labelSelector.matchLabels = label(constraint.labelSelector.matchLabels);
        }
        for (const c of spec.template.spec.containers) {
          c.image = `${String(c.image).replace(/:[^:/]+$/, '')}:${version}`;
          c.envFrom = [{ configMapRef: { name } }];
        }
        break;
      case 'Service':
        spec.selector = label(spec.selector);
        break;
      case 'PodDisruptionBudget':
        spec.selector.matchLabels = label(spec.selector.matchLabels);
        break;
      case 'NetworkPolicy':
        spec.podSelector.matchLabels = label(spec.podSelector.matchLabels);
        break;
      case 'HTTPRoute':
        for (const rule of spec.rules) {
          for (const match of rule.matches) match.path.value = `/mf/${slice}/${version}`;
          for (const ref of rule.backendRefs) ref.name = name;
        }
        break;
      default:
        break;
    }
  }
  return docs;
}

export const toYaml = (docs: Doc[]) => docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');

/** One step of a release: a kubectl call, with the manifest it applies on its standard input. */
export interface Step {
  args: string[];
  input?: string;
}

const kubectl = (env: Environment, ...args: string[]) => ['--namespace', env.namespace, ...args];

/**
 * A service's rollout: its migrations first (the Job of this revision, waited for), then the Deployment and the
 * rest at the new image, waited for. A failed migration stops the release before any pod changes.
 */
export function serviceSteps(env: Environment, service: string, revision: string, rendered: string): Step[] {
  if (!SERVICES.some((s) => s.name === service)) throw new Error(`unknown service ${service}`);
  checkVersion(revision);
  const docs = parseAllDocuments(rendered).map((d) => d.toJS() as Doc);
  for (const doc of docs) {
    for (const c of doc.spec?.template?.spec?.containers ?? []) {
      c.image = `${String(c.image).replace(/:[^:/]+$/, '')}:${revision}`;
    }
  }
  const job = docs.filter((d) => d.kind === 'Job');
  const rest = docs.filter((d) => d.kind !== 'Job');
  return [
    { args: kubectl(env, 'delete', 'job', `${service}-migrate`, '--ignore-not-found') },
    { args: kubectl(env, 'apply', '-f', '-'), input: toYaml(job) },
    { args: kubectl(env, 'wait', '--for=condition=complete', `job/${service}-migrate`, '--timeout=600s') },
    { args: kubectl(env, 'apply', '-f', '-'), input: toYaml(rest) },
    { args: kubectl(env, 'rollout', 'status', `deployment/${service}`, '--timeout=600s') },
  ];
}

/** A slice's release: its new version next to the old ones, ready, then the pointer flipped to it. */
export function sliceSteps(
  env: Environment,
  slice: StaticSlice,
  version: string,
  rendered: string,
  pointer: PointerMap,
): Step[] {
  const name = versionedName(slice, version);
  return [
    { args: kubectl(env, 'apply', '-f', '-'), input: toYaml(versionedSlice(rendered, slice, version)) },
    { args: kubectl(env, 'rollout', 'status', `deployment/${name}`, '--timeout=300s') },
    {
      args: kubectl(env, 'apply', '-f', '-'),
      input: toYaml([pointerConfigMap(env, flipPointer(pointer, env, slice, version))]),
    },
  ];
}
