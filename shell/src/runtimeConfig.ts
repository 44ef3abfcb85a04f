import { RuntimeConfig } from '@edicola/contracts';

/** Reads the runtime configuration the server publishes next to index.html; one build runs everywhere. */
export async function fetchRuntimeConfig(
  url = '/config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const parsed = RuntimeConfig.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(`${url} is not a valid runtime configuration: ${parsed.error.message}`);
  return parsed.data;
}
