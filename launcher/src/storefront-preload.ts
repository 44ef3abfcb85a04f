import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@edicola/contracts';
import { escapeHtml } from './storefront-page';

/**
 * The remote module that holds a page's main content (its largest element), if any. Only that one is
 * preloaded: the header's and the cart's remotes, and the home page's widgets below the hero, are not
 * what the visitor waits for, and fetching them early only competes with what they wait for.
 */
export function exposesFor(pathname: string): Array<[RemoteName, string]> {
  if (pathname === '/prodotti' || pathname.startsWith('/prodotti/categoria/'))
    return [['mf_catalog', 'CatalogPage']];
  if (pathname.startsWith('/prodotti/')) return [['mf_catalog', 'ArticlePage']];
  if (pathname === '/review') return [['mf_catalog', 'ReviewPage']];
  if (pathname === '/gestione' || pathname.startsWith('/gestione/')) return [['mf_admin', 'AdminApp']];
  return [];
}

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{ name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
}

/**
 * Preload hints for the remotes a page needs, read from their built mf-manifest.json: without them the
 * browser learns of the manifest, then of remoteEntry.js, then of the exposed chunks one round trip after
 * the other, all after the shell has started. Only for remotes this server serves itself.
 */
export function createRemotePreloads(root: string, slices: Record<RemoteName, string>) {
  const manifests = new Map<RemoteName, Manifest | null>();
  const manifestOf = (remote: RemoteName): Manifest | null => {
    if (!manifests.has(remote)) {
      try {
        const file = path.join(root, slices[remote], 'dist', 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
        const valid =
          typeof manifest.metaData?.remoteEntry?.name === 'string' && Array.isArray(manifest.exposes);
        manifests.set(remote, valid ? (manifest as Manifest) : null);
      } catch {
        return null; // not built (yet): no hints, and ask again next time
      }
    }
    return manifests.get(remote) ?? null;
  };

  /** `stylesheets`: the page's first paint is in the HTML, so the remote's styles must apply to it at once. */
  return (pathname: string, { stylesheets = false } = {}): string => {
    const links = new Set<string>();
    for (const [remote, expose] of exposesFor(pathname)) {
      const manifest = manifestOf(remote);
      if (!manifest) continue;
      const base = `/mf/${slices[remote].slice(3)}/`;
      // Scripts and styles at low priority: they must not hold back the shell's own bundles.
      const link = (file: string, as: 'fetch' | 'script' | 'style') =>
        `<link rel="preload" href="${escapeHtml(base + file)}" as="${as}"${
          as === 'fetch' ? ' crossorigin' : ' fetchpriority="low"'
        } />`;
      links.add(link('mf-manifest.json', 'fetch'));
      const entry = manifest.metaData.remoteEntry;
      links.add(link(path.posix.join(entry.path, entry.name), 'script'));
      // A build without the page's own module (an article page before ArticlePage existed): the catalogue's.
      const exposed = (name: string) => manifest.exposes.find((e) => e.name === name);
      const assets = (exposed(expose) ?? exposed('CatalogPage'))?.assets;
      assets?.js?.sync?.forEach((file) => links.add(link(file, 'script')));
      assets?.css?.sync?.forEach((file) =>
        links.add(
          stylesheets ? `<link rel="stylesheet" href="${escapeHtml(base + file)}" />` : link(file, 'style'),
        ),
      );
    }
    return [...links].join('\n    ');
  };
}

/**
 * The home page's hero image (shell/src/assets/hero.webp, built to shell/dist/images/hero.<hash>.webp):
 * its largest element, which the browser would otherwise find only once the shell has rendered.
 */
export function findHeroImage(root: string): string | undefined {
  try {
    const file = readdirSync(path.join(root, 'shell', 'dist', 'images')).find((name) =>
      /^hero\.[0-9a-f]{8,}\.(webp|avif|jpe?g|png)$/.test(name),
    );
    return file && `/images/${file}`;
  } catch {
    return undefined;
  }
}
