import { RuntimeConfig } from '@edicola/contracts';

/** The id of the element the storefront server fills with the configuration (launcher/src/storefront-page.ts). */
export const CONFIG_ELEMENT_ID = 'edicola-config';
/** A server that does not answer turns into the startup error message, not an endless blank page. */
export const CONFIG_TIMEOUT_MS = 8000;

function validated(source: string, value: unknown): RuntimeConfig {
  const parsed = RuntimeConfig.safeParse(value);
  if (!parsed.success)
    throw new Error(`${source} is not a valid runtime configuration: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The runtime configuration: inline in index.html when the storefront server put it there (no extra round
 * trip before the first render), else GET /config.json. One build runs everywhere.
 */
export async function loadRuntimeConfig(doc: Document = document): Promise<RuntimeConfig> {
  const inline = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (inline) return validated(`#${CONFIG_ELEMENT_ID}`, JSON.parse(inline));
  return fetchRuntimeConfig();
}

/** Reads the runtime configuration the server publishes next to index.html. */
export async function fetchRuntimeConfig(
  url = '/config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
    signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return validated(url, await response.json());
}
