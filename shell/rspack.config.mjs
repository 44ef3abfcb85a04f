import { createWebConfig } from '../scripts/rspack.shared.mjs';

// The host: no static remotes; their addresses come from /config.json at run time (src/remotes.ts).
export default (_env, argv) => {
  const config = createWebConfig({ dir: import.meta.dirname, name: 'shell', host: true }, argv);
  // The home hero image ships as a hashed file next to the bundles (long-cached like them).
  config.module.rules.push({ test: /\.webp$/, type: 'asset/resource' });
  return config;
};
