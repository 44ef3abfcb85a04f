// The server build of a slice: its src/server.tsx for Node, which the storefront server imports to paint a
// page's first view from the slice's own components (launcher/src/storefront-first-paint.ts). One file,
// dist-server/server.js (CommonJS), with React, i18next and every language's texts inside: no Module
// Federation, no shared modules, no styles (the browser build's stylesheets style the HTML).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {object} options
 * @param {string} options.dir the slice folder (import.meta.dirname of its config)
 * @param {{ mode?: string }} [argv] the rspack CLI arguments
 */
export function createServerConfig({ dir }, argv = {}) {
  const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
  return {
    name: 'server',
    mode: production ? 'production' : 'development',
    context: dir,
    target: 'node20',
    entry: { server: './src/server.tsx' },
    devtool: false,
    output: {
      path: path.join(dir, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: {
        '@edicola/contracts$': path.join(repoRoot, 'contracts/src/index.ts'),
        '@edicola/web-kit$': path.join(repoRoot, 'web-kit/src/index.ts'),
      },
    },
    module: {
      // The texts another language would load on demand are in the one file.
      parser: { javascript: { dynamicImportMode: 'eager' } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        // A component's stylesheet import is for the browser build.
        { test: /\.css$/, type: 'asset/source' },
        // The same address as the browser build's file (same name and content hash), not written again.
        {
          test: /\.webp$/,
          type: 'asset/resource',
          generator: { filename: 'images/[name].[contenthash:8][ext]', publicPath: '/', emit: false },
        },
        { test: /[\\/](contracts|web-kit)[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
  };
}
