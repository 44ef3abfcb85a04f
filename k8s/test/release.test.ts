import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { K8S_DIR } from '../src/files';
import { ENVIRONMENTS } from '../src/layout';
import {
  flipPointer,
  initialRemotes,
  POINTER_FILE,
  rollbackPointer,
  serviceSteps,
  sliceSteps,
  toYaml,
  versionedSlice,
} from '../src/release';

const staging = ENVIRONMENTS.find((e) => e.name === 'staging')!;
const render = (dir: string) =>
  execFileSync('kubectl', ['kustomize', path.join(K8S_DIR, dir)], { encoding: 'utf8' });
const validate = (yaml: string): { errors: string[] } =>
  JSON.parse(
    execFileSync(process.execPath, [path.join(K8S_DIR, 'scripts/validate.mjs')], {
      input: yaml,
      encoding: 'utf8',
    }),
  );
const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());

describe('a front-end slice release', () => {
  const overlay = render('mf-catalog/overlays/staging');
  const v1 = versionedSlice(overlay, 'mf-catalog', '1.4.0');
  const v2 = versionedSlice(overlay, 'mf-catalog', '1.5.0-rc.1');

  test('runs each version side by side: its own names, pods, route and image', () => {
    expect(validate(toYaml([...v1, ...v2])).errors).toEqual([]);
    const names = (set: typeof v1) => new Set(set.map((d) => d.metadata.name));
    expect([...names(v1)]).toEqual(['mf-catalog-v1-4-0']);
    expect([...names(v2)]).toEqual(['mf-catalog-v1-5-0-rc-1']);
    const service = v1.find((d) => d.kind === 'Service')!;
    const podsOfV2 = v2.find((d) => d.kind === 'Deployment')!.spec.template.metadata.labels;
    const selects = Object.entries(service.spec.selector).every(([k, v]) => podsOfV2[k] === v);
    expect(selects).toBe(false);
    const route = v2.find((d) => d.kind === 'HTTPRoute')!;
    expect(route.spec.rules[0].matches[0].path.value).toBe('/mf/mf-catalog/1.5.0-rc.1');
    expect(route.spec.rules[0].backendRefs[0].name).toBe('mf-catalog-v1-5-0-rc-1');
    const deployment = v1.find((d) => d.kind === 'Deployment')!;
    expect(deployment.spec.template.spec.containers[0].image).toBe(
      'registry.example.com/edicola/mf-catalog:1.4.0',
    );
    expect(deployment.spec.template.spec.containers[0].envFrom[0].configMapRef.name).toBe(
      'mf-catalog-v1-4-0',
    );
  });

  test('flips the pointer only after the version is ready, and a rollback flips it back', () => {
    const start = {
      data: { [POINTER_FILE]: JSON.stringify(initialRemotes(staging, '1.4.0')) },
      annotations: {},
    };
    const steps = sliceSteps(staging, 'mf-catalog', '1.5.0', overlay, start);
    expect(steps.map((s) => s.args.slice(2, 4).join(' '))).toEqual([
      'apply -f',
      'rollout status',
      'apply -f',
    ]);
    const flipped = docs(steps[2]!.input!)[0];
    const remotes = JSON.parse(flipped.data[POINTER_FILE]);
    expect(remotes.mf_catalog).toBe('https://staging.shop.example.com/mf/mf-catalog/1.5.0/mf-manifest.json');
    expect(remotes.mf_checkout).toBe(
      'https://staging.shop.example.com/mf/mf-checkout/1.4.0/mf-manifest.json',
    );

    const after = flipPointer(start, staging, 'mf-catalog', '1.5.0');
    const back = rollbackPointer(after);
    expect(JSON.parse(back.data[POINTER_FILE]!)).toEqual(JSON.parse(start.data[POINTER_FILE]));
    // A second rollback goes forward again: the flip that was undone is the new "previous".
    expect(JSON.parse(rollbackPointer(back).data[POINTER_FILE]!)).toEqual(
      JSON.parse(after.data[POINTER_FILE]!),
    );
    expect(() => rollbackPointer(start)).toThrow('no earlier remotes');
    expect(() => flipPointer(start, staging, 'mf-catalog', '../../evil')).toThrow('is not a version');
  });
});

describe('a service deploy', () => {
  test('runs the migrations Job of the revision to completion before the pods change', () => {
    const steps = serviceSteps(staging, 'svc-orders', 'abc123', render('svc-orders/overlays/staging'));
    expect(steps.map((s) => s.args.slice(2).join(' '))).toEqual([
      'delete job svc-orders-migrate --ignore-not-found',
      'apply -f -',
      'wait --for=condition=complete job/svc-orders-migrate --timeout=600s',
      'apply -f -',
      'rollout status deployment/svc-orders --timeout=600s',
    ]);
    const job = docs(steps[1]!.input!);
    expect(job.map((d) => d.kind)).toEqual(['Job']);
    expect(job[0].spec.template.spec.containers[0].args).toEqual(['migrate']);
    const rest = docs(steps[3]!.input!);
    expect(rest.map((d) => d.kind)).not.toContain('Job');
    const deployment = rest.find((d) => d.kind === 'Deployment');
    expect(deployment.spec.template.spec.containers[0].image).toBe(
      'registry.example.com/edicola/svc-orders:abc123',
    );
    expect(job[0].spec.template.spec.containers[0].image).toBe(
      'registry.example.com/edicola/svc-orders:abc123',
    );
  });
});
