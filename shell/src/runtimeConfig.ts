import { REMOTES, type RuntimeConfig } from '@edicola/contracts';

/** The id of the element the storefront server fills with the configuration (launcher/src/storefront-page.ts). */
export const CONFIG_ELEMENT_ID = 'edicola-config';
/** A server that does not answer turns into the startup error message, not an endless blank page. */
export const CONFIG_TIMEOUT_MS = 8000;

function isUrl(value: unknown): boolean {
  try {
    return typeof value === 'string' && Boolean(new URL(value));
  } catch {
    return false;
  }
}

/**
 * The checks of contracts' RuntimeConfig schema, by hand: the shell would otherwise put zod on every
 * page's first paint for this one object (docs/decisions/0011-storefront-speed.md).
 */
function problemsOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['not an object'];
  const config = value as Record<string, unknown>;
  const remotes = (config.remotes ?? {}) as Record<string, unknown>;
  return [
    ...(['apiBaseUrl', 'mediaBaseUrl'] as const).filter((key) => !isUrl(config[key])),
    ...(typeof config.demoMode === 'boolean' ? [] : ['demoMode']),
    ...(config.seller === undefined || typeof config.seller === 'object' ? [] : ['seller']),
    ...REMOTES.filter((name) => typeof remotes[name] !== 'string' || remotes[name] === '').map(
      (name) => `remotes.${name}`,
    ),
  ];
}

function validated(source: string, value: unknown): RuntimeConfig {
  const problems = problemsOf(value);
  if (problems.length)
    throw new Error(`${source} is not a valid runtime configuration: ${problems.join(', ')}`);
  return value as RuntimeConfig;
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
