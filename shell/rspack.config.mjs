import { createWebConfig } from '../scripts/rspack.shared.mjs';
import { createServerConfig } from '../scripts/rspack.server.mjs';

// The host: no static remotes; their addresses come from /config.json at run time (src/remotes.ts). And its
// server build: the first paint of the home page and the frame of the catalogue's (src/server.tsx).
export default (_env, argv) => [browserConfig(argv), createServerConfig({ dir: import.meta.dirname }, argv)];

function browserConfig(argv) {
  const config = createWebConfig({ dir: import.meta.dirname, name: 'shell', host: true }, argv);
  // The home hero image ships as a hashed file next to the bundles (long-cached like them), under a name
  // the storefront server recognises to preload it on the home page (launcher/src/storefront-preload.ts).
  config.module.rules.push({
    test: /\.webp$/,
    type: 'asset/resource',
    generator: { filename: 'images/[name].[contenthash:8][ext]' },
  });
  return config;
}
