import { apiErrorFrom, ApiError } from './web-client';
import { registerNamespace, LANGUAGES, type TranslationRegistry } from './web';

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
  function registry(initialized: boolean) {
    const bundles = new Map<string, object>();
    let onInit: (() => void) | undefined;
    const instance: TranslationRegistry & { init(): void } = {
      isInitialized: initialized,
      on: (_event, listener) => (onInit = listener),
      hasResourceBundle: (language, namespace) => bundles.has(`${language}/${namespace}`),
      addResourceBundle: (language, namespace, resources) =>
        bundles.set(`${language}/${namespace}`, resources),
      init() {
        instance.isInitialized = true;
        onInit?.();
      },
    };
    return { instance, bundles };
  }
  const translations = Object.fromEntries(LANGUAGES.map((l) => [l, { hello: l }])) as Record<
    (typeof LANGUAGES)[number],
    object
  >;

  it('adds the namespace in every language, once', () => {
    const { instance, bundles } = registry(true);
    registerNamespace(instance, 'catalog', translations);
    registerNamespace(instance, 'catalog', { ...translations, it: { hello: 'changed' } });
    expect(bundles.size).toBe(LANGUAGES.length);
    expect(bundles.get('it/catalog')).toEqual({ hello: 'it' });
  });

  it('waits for the shell to initialise the instance', () => {
    const { instance, bundles } = registry(false);
    registerNamespace(instance, 'admin', translations);
    expect(bundles.size).toBe(0);
    instance.init();
    expect(bundles.get('nl/admin')).toEqual({ hello: 'nl' });
  });
});
