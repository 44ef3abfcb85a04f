import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { createWebConfig } from '../scripts/rspack.shared.mjs';

export default (_env, argv) => {
  const config = createWebConfig(
    { dir: import.meta.dirname, name: 'mf_admin', exposes: { './AdminApp': './src/AdminApp.tsx' } },
    argv,
  );
  // The counter's ZXing reader (barcode-detector's polyfill): its .wasm is a file of this slice, served by the
  // shop (the polyfill would fetch it from a CDN, which the CSP forbids) and loaded only with the camera.
  config.module.rules.push({
    test: /\.wasm$/,
    type: 'asset/resource',
    generator: { filename: '[name].[contenthash:8][ext]' },
  });
  // The counter's web app manifest, icons and service worker (docs/decisions/0045-counter-screen.md), under
  // their own names: the storefront server serves them at /gestione/… (launcher/src/web.ts).
  config.plugins.push(
    new rspack.CopyRspackPlugin({
      patterns: [{ from: path.join(import.meta.dirname, 'public/pwa'), to: 'pwa' }],
    }),
  );
  // What each named chunk group (a tab, the article dialog, a language, the barcode reader) loads, for the
  // budget of bench/admin-budget.mjs: the first load of /gestione and every lazy chunk apart.
  config.plugins.push({
    apply(compiler) {
      compiler.hooks.done.tap('ChunkGroups', (stats) => {
        const { namedChunkGroups = {} } = stats.toJson({ all: false, chunkGroups: true });
        const groups = Object.fromEntries(
          Object.entries(namedChunkGroups).map(([name, group]) => [name, group.assets.map((a) => a.name)]),
        );
        writeFileSync(path.join(compiler.outputPath, 'chunk-groups.json'), JSON.stringify(groups, null, 1));
      });
    },
  });
  return config;
};
