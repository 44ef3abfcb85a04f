// One rspack + Module Federation set-up for the shell (host) and the four remotes.
// Each slice's rspack.config.mjs calls createWebConfig() with its own name and exposes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The libraries that must exist once on the page: React itself, the router context, the i18next instance. */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'i18next', 'react-i18next'];

function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false, eager: false }]),
  );
}

/**
 * @param {object} options
 * @param {string} options.dir the slice folder (import.meta.dirname of its config)
 * @param {string} options.name the federation name (shell, mf_catalog, ...)
 * @param {Record<string, string>} [options.exposes] remote modules; none for the host
 * @param {boolean} [options.host] builds index.html and uses an absolute public path
 * @param {{ mode?: string }} [argv] the rspack CLI arguments
 */
export function createWebConfig({ dir, name, exposes, host = false }, argv = {}) {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // The host boots from src/index.ts; a remote's only entry is the remoteEntry.js federation adds.
    entry: host ? { main: './src/index.ts' } : {},
    // No eval-based source maps: production runs under a CSP without 'unsafe-eval'.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // The host serves deep links (/gestione/login) from its SPA fallback; remotes live under any prefix.
      publicPath: host ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // contracts' dist is CommonJS for Node; the browser builds take its sources.
      alias: { '@edicola/contracts$': path.join(repoRoot, 'contracts/src/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        // contracts' sources only declare things: let unused modules (and the zod they import) drop out.
        { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes, manifest: true } : { remotes: {} }),
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      host &&
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'index.html'),
          favicon: path.join(dir, 'public/favicon.svg'),
        }),
    ].filter(Boolean),
    performance: { hints: false },
  };
}
