import { fetchRuntimeConfig, loadRuntimeConfig } from './runtimeConfig';

const valid = {
  apiBaseUrl: 'http://localhost:8080',
  mediaBaseUrl: 'http://localhost:8080',
  demoMode: true,
  remotes: {
    mf_catalog: '/mf/catalog/mf-manifest.json',
    mf_checkout: '/mf/checkout/mf-manifest.json',
    mf_account: '/mf/account/mf-manifest.json',
    mf_admin: '/mf/admin/mf-manifest.json',
  },
};

const respond = (status: number, body: unknown) =>
  jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response);

describe('fetchRuntimeConfig', () => {
  it('reads and validates /config.json', async () => {
    const fetchImpl = respond(200, valid);
    await expect(fetchRuntimeConfig('/config.json', fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('rejects a configuration missing a remote or with a bad address', async () => {
    const { mf_admin: _dropped, ...remotes } = valid.remotes;
    await expect(fetchRuntimeConfig('/config.json', respond(200, { ...valid, remotes }))).rejects.toThrow(
      /not a valid/,
    );
    await expect(
      fetchRuntimeConfig('/config.json', respond(200, { ...valid, apiBaseUrl: 'nope' })),
    ).rejects.toThrow(/not a valid/);
  });

  it('rejects when the server does not answer 2xx', async () => {
    await expect(fetchRuntimeConfig('/config.json', respond(404, {}))).rejects.toThrow(/404/);
  });
});

describe('loadRuntimeConfig', () => {
  afterEach(() => document.getElementById('edicola-config')?.remove());

  it('reads the configuration the server put inline in index.html, with no request', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'edicola-config';
    element.textContent = JSON.stringify(valid);
    document.head.append(element);
    await expect(loadRuntimeConfig(document)).resolves.toEqual(valid);
  });

  it('refuses an inline configuration that is not valid', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'edicola-config';
    element.textContent = JSON.stringify({ ...valid, apiBaseUrl: 'nope' });
    document.head.append(element);
    await expect(loadRuntimeConfig(document)).rejects.toThrow(/not a valid/);
  });
});
