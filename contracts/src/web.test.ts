import { apiErrorFrom, ApiError } from './web-client';
import { registerNamespace, LANGUAGES, SliceTranslationBackend, type TranslationRegistry } from './web';

const answer = (status: number, body: () => unknown) => ({ status, json: async () => body() }) as Response;

describe('apiErrorFrom', () => {
  it("keeps the server's detail", async () => {
    const error = await apiErrorFrom(answer(401, () => ({ detail: 'Username o password non corretti' })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Username o password non corretti' });
    expect(error.message).toBe('Username o password non corretti');
  });

  it('falls back to the status when the body is not the error shape or not JSON', async () => {
    expect(await apiErrorFrom(answer(502, () => JSON.parse('<html>')))).toMatchObject({
      message: 'HTTP 502',
      detail: undefined,
    });
    expect((await apiErrorFrom(answer(500, () => ({ error: 'x' })))).message).toBe('HTTP 500');
  });
});

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
