// One rspack + Module Federation set-up for the shell (host) and the four remotes.
// Each slice's rspack.config.mjs calls createWebConfig() with its own name and exposes.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The libraries that must exist once on the page: React itself, the router context, the i18next instance.
 * Not zod: a shared library cannot be tree-shaken, and shared zod is its whole package with every locale
 * (388 KB, 74 KB brotli) against about 82 KB (21 KB brotli) tree-shaken into the one slice that uses it on a
 * page; the shell keeps zod off the first paint instead (runtimeConfig.ts, contracts' apiErrorFrom).
 */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'i18next', 'react-i18next'];

/** Text assets worth compressing; the storefront server sends the .br or .gz twin when the browser accepts it. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|xml|wasm|webmanifest)$/;

/**
 * Brotli's quality for the .br twins: 11, the smallest files, for everything shipped (images/, the bench's
 * Lighthouse figures). CI's builds only need the twins to exist and set BROTLI_QUALITY lower (.ci/run).
 */
const BROTLI_QUALITY = Number(process.env.BROTLI_QUALITY ?? 11);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text asset of 512 bytes or more, once, at build time
 * (a smaller one gains less than the encoding's header costs).
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name) || asset.size() < 512) continue;
            const buffer = asset.buffer();
            const brotli = zlib.brotliCompressSync(buffer, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
          }
        },
      );
    });
  }
}

/**
 * Shared libraries the slices share as a file of this repository that re-exports the names they use
 * (scripts/<package>.mjs), not as the whole package: a shared library cannot be tree-shaken, so the whole
 * package shipped everything it has to every first visit. Each file is shared under the package's name and
 * version. A name missing from a file fails the build (checkSharedImports).
 */
const SHAKEN = ['react-router-dom', 'react-i18next'];
const shakenFile = (name) => path.join(repoRoot, 'scripts', `${name}.mjs`);
const require = createRequire(import.meta.url);
const versionOf = (name) => require(`${name}/package.json`).version;

/** The names scripts/<package>.mjs exports. */
function shakenNames(name) {
  const source = readFileSync(shakenFile(name), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((exported) => exported.trim())
      .filter(Boolean),
  );
}

/**
 * Every name a slice's sources import from a shaken package must be in its file: an import of a shared
 * module is resolved at run time, so rspack cannot tell at build time that a name is missing, and the
 * page would fail with "X is not a function". This check fails the build instead, naming the file.
 */
export function checkSharedImports(srcDir) {
  const exported = new Map(SHAKEN.map((name) => [name, shakenNames(name)]));
  const problems = [];
  const check = (file, source) => {
    if (/from\s+['"]react-router['"]/.test(source))
      problems.push(`${file}: imports 'react-router' (use 'react-router-dom')`);
    for (const match of source.matchAll(/import\s+([^;]*?)\s+from\s+['"]([^'"]+)['"]/gs)) {
      const names = exported.get(match[2]);
      if (!names || /^type\s/.test(match[1])) continue;
      const named = /^\{([^}]*)\}$/.exec(match[1].trim());
      if (!named) {
        problems.push(`${file}: imports ${match[2]} without names`);
        continue;
      }
      for (const part of named[1].split(',')) {
        if (part.trim().startsWith('type ')) continue;
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !names.has(name))
          problems.push(`${file}: ${name} is not in scripts/${match[2]}.mjs (add it there)`);
      }
    }
  };
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(tsx?|jsx?|mjs)$/.test(entry.name)) check(file, readFileSync(file, 'utf8'));
    }
  };
  visit(srcDir);
  if (problems.length) throw new Error(`Imports of shared libraries:\n${problems.join('\n')}`);
}

function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        requiredVersion: false,
        eager: false,
        // A shaken library is this repository's file (the alias below): its version is the package's.
        ...(SHAKEN.includes(name) ? { version: versionOf(name) } : {}),
      },
    ]),
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
  checkSharedImports(path.join(dir, 'src'));
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // The host boots from src/index.ts; a remote's only entry is the remoteEntry.js federation adds.
    entry: host ? { main: './src/index.ts' } : {},
    // No eval-based source maps: production runs under a CSP without 'unsafe-eval'. Production maps carry
    // no sourceMappingURL comment and the storefront server never sends them (*.map stays on the machine).
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
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
      // A chunk that hangs fails after this long (webpack's default is 120 s), so the slot can offer a retry.
      chunkLoadTimeout: 8000,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      // contracts' dist is CommonJS for Node; the browser builds take its sources, and the web kit's.
      alias: {
        '@edicola/contracts$': path.join(repoRoot, 'contracts/src/index.ts'),
        '@edicola/web-kit$': path.join(repoRoot, 'web-kit/src/index.ts'),
        // The federation runtime requires the SDK's CommonJS build; the shell's own import of it (src/index.ts)
        // takes the same file, so that the host ships one copy of each instead of the ES build as well.
        '@module-federation/sdk$': require.resolve('@module-federation/sdk'),
        '@module-federation/error-codes$': require.resolve('@module-federation/error-codes'),
        ...Object.fromEntries(SHAKEN.map((name) => [`${name}$`, shakenFile(name)])),
        // The package itself, for its file in scripts/ (its ES modules: they tree-shake).
        'react-i18next/whole$': path.join(
          path.dirname(require.resolve('react-i18next/package.json')),
          'dist/es/index.js',
        ),
      },
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
              // SWC's default is ES5: async functions, spreads and destructuring came out as helpers and
              // generators (the catalogue's first chunks are over a third smaller without them). ES2020 runs on every browser since 2020
              // (Chrome and Edge 80, Firefox 80, Safari and iOS 14, Samsung Internet 13): docs/decisions/0011.
              target: 'es2020',
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        // contracts' and the web kit's sources only declare things: let unused modules (and the zod they
        // import) drop out. The kit is bundled into each slice, tree-shaken, not shared: a shared module
        // cannot be tree-shaken, and the kit keeps no state that must exist once on the page.
        { test: /[\\/](contracts|web-kit)[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes, manifest: true } : { remotes: {} }),
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        dts: false,
        // The federation runtime ships once, in the host; a remote built so loads only inside the shell. Built
        // for the browser only: the runtime's Node loaders drop out of the shell's entry (1.8 KB brotli).
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      host &&
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'index.html'),
          favicon: path.join(dir, 'public/favicon.svg'),
        }),
      production && new PrecompressPlugin(),
    ].filter(Boolean),
    // A remote's bundler runtime takes the federation SDK from the host (shell/src/index.ts puts it on
    // window before any remote loads) instead of each remoteEntry shipping a copy: 14.5 → 8.3 KB brotli.
    ...(host
      ? {}
      : {
          externals: {
            '@module-federation/sdk': 'var window.__EDICOLA_MF_SDK__',
            '@module-federation/error-codes': 'var window.__EDICOLA_MF_ERRORS__',
          },
        }),
    performance: { hints: false },
  };
}
