import { LANGUAGES } from '@edicola/contracts';
import { registerNamespace, SliceTranslationBackend, type TranslationRegistry } from './translations';

describe('registerNamespace', () => {
  function registry(initialized: boolean, backend?: SliceTranslationBackend) {
    const bundles = new Map<string, object>();
    const loading: string[] = [];
    let onInit: (() => void) | undefined;
    const instance: TranslationRegistry & { init(): void } = {
      isInitialized: initialized,
      on: (_event, listener) => (onInit = listener),
      hasResourceBundle: (language, namespace) => bundles.has(`${language}/${namespace}`),
      addResourceBundle: (language, namespace, resources) =>
        bundles.set(`${language}/${namespace}`, resources),
      loadNamespaces: async (namespace) => loading.push(namespace),
      services: { backendConnector: { backend } },
      init() {
        instance.isInitialized = true;
        onInit?.();
      },
    };
    return { instance, bundles, loading };
  }
  const translations = (it: object = { hello: 'it' }) => ({
    it,
    load: async (language: (typeof LANGUAGES)[number]) => ({ hello: language }),
  });
  const read = (backend: SliceTranslationBackend, language: string, namespace: string) =>
    new Promise((resolve, reject) =>
      backend.read(language, namespace, (error, data) => (error ? reject(error) : resolve(data))),
    );

  it('adds Italian at once, once, and leaves the other languages to the backend', async () => {
    const backend = new SliceTranslationBackend();
    const { instance, bundles, loading } = registry(true, backend);
    registerNamespace(instance, 'catalog', translations());
    registerNamespace(instance, 'catalog', translations({ hello: 'changed' }));
    expect([...bundles.keys()]).toEqual(['it/catalog']);
    expect(bundles.get('it/catalog')).toEqual({ hello: 'it' });
    expect(loading).toEqual(['catalog', 'catalog']);
    await expect(read(backend, 'nl', 'catalog')).resolves.toEqual({ hello: 'nl' });
    await expect(read(backend, 'xx', 'catalog')).rejects.toThrow('no xx texts for catalog');
    await expect(read(backend, 'nl', 'unknown')).rejects.toThrow('no nl texts for unknown');
  });

  it('waits for the shell to initialise the instance', () => {
    const { instance, bundles, loading } = registry(false, new SliceTranslationBackend());
    registerNamespace(instance, 'admin', translations());
    expect(bundles.size).toBe(0);
    instance.init();
    expect(bundles.get('it/admin')).toEqual({ hello: 'it' });
    expect(loading).toEqual(['admin']);
  });

  it('still gives Italian to an instance without the backend', () => {
    const { instance, bundles, loading } = registry(true);
    registerNamespace(instance, 'account', translations());
    expect(bundles.get('it/account')).toEqual({ hello: 'it' });
    expect(loading).toEqual([]);
  });
});
