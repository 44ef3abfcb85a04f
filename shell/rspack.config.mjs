import { createWebConfig } from '../scripts/rspack.shared.mjs';

// The host: no static remotes; their addresses come from /config.json at run time (src/remotes.ts).
export default (_env, argv) => {
  const config = createWebConfig({ dir: import.meta.dirname, name: 'shell', host: true }, argv);
  // The home hero image ships as a hashed file next to the bundles (long-cached like them), under a name
  // the storefront server recognises to preload it on the home page (launcher/src/storefront-preload.ts).
  config.module.rules.push({
    test: /\.webp$/,
    type: 'asset/resource',
    generator: { filename: 'images/[name].[contenthash:8][ext]' },
  });
  return config;
};
