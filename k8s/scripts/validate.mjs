// Validates rendered manifests offline (no cluster): `kubectl kustomize DIR | node k8s/scripts/validate.mjs`.
// Prints one JSON line: {"objects": n, "errors": ["Kind/name: ..."]}. Exit code 0 either way; the test decides.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import Ajv from 'ajv';

/** Every API version the shop may use; anything else (a removed or alpha version) is refused. */
export const ALLOWED_API_VERSIONS = {
  v1: ['ConfigMap', 'Service', 'ServiceAccount'],
  'apps/v1': ['Deployment'],
  'batch/v1': ['Job'],
  'autoscaling/v2': ['HorizontalPodAutoscaler'],
  'policy/v1': ['PodDisruptionBudget'],
  'networking.k8s.io/v1': ['NetworkPolicy'],
  'gateway.networking.k8s.io/v1': ['Gateway', 'HTTPRoute'],
  'monitoring.coreos.com/v1': ['PrometheusRule', 'ServiceMonitor'],
  'postgresql.cnpg.io/v1': ['Cluster', 'Database', 'ScheduledBackup'],
  'barmancloud.cnpg.io/v1': ['ObjectStore'],
  'rabbitmq.com/v1beta1': ['RabbitmqCluster', 'Exchange', 'Queue', 'Binding', 'User', 'Permission'],
};

/** The model package of each API group that kubernetes-models and its sister packages cover. */
function modelModule(apiVersion, kind) {
  if (apiVersion.startsWith('gateway.networking.k8s.io/')) {
    return `@kubernetes-models/gateway-api/${apiVersion}/${kind}`;
  }
  if (apiVersion.startsWith('monitoring.coreos.com/')) {
    return `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`;
  }
  if (/(^v1$)|(^[a-z]+\/v\d)|(\.k8s\.io\/)/.test(apiVersion))
    return `kubernetes-models/${apiVersion}/${kind}`;
  return null;
}

const schemas = JSON.parse(readFileSync(new URL('../schemas/operators.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });

async function validate(doc) {
  const { apiVersion, kind } = doc;
  const name = `${kind}/${doc.metadata?.name}`;
  if (!ALLOWED_API_VERSIONS[apiVersion]?.includes(kind))
    return [`${name}: ${apiVersion} ${kind} is not allowed`];
  const module = modelModule(apiVersion, kind);
  if (module) {
    const Model = (await import(module))[kind];
    try {
      new Model(doc).validate();
      return [];
    } catch (error) {
      return [`${name}: ${String(error.message).slice(0, 500)}`];
    }
  }
  const schema = schemas[`${apiVersion}/${kind}`];
  if (!schema) return [`${name}: no schema for ${apiVersion} ${kind}`];
  const check = ajv.compile(schema);
  return check(doc) ? [] : check.errors.map((e) => `${name}: ${e.instancePath} ${e.message}`);
}

const docs = parseAllDocuments(readFileSync(0, 'utf8'))
  .map((d) => d.toJS())
  .filter(Boolean);
const errors = [];
for (const doc of docs) errors.push(...(await validate(doc)));
process.stdout.write(`${JSON.stringify({ objects: docs.length, errors })}\n`);
