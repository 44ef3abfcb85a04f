export * from './shop';
export { generate, ENVIRONMENTS, REGISTRY } from './layout';
export { staleFiles, writeGenerated, K8S_DIR } from './files';
