// The build stage of every image (run inside the node-build image, which has no shell): compiles what the
// image runs, then lays out /out with only that: the production dependencies installed by `npm ci` from the
// lock for the one workspace it starts, and the compiled folders of the workspaces it links.
// Environment: IMAGE (svc-catalog, svc-orders, svc-payments, svc-notify, svc-channels, web, mf-catalog, mf-checkout,
// mf-account, mf-admin).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const image = process.env.IMAGE;
const npm = ['/usr/lib/node_modules/npm/bin/npm-cli.js'];
const run = (args, cwd = '/src') => execFileSync(process.execPath, args, { cwd, stdio: 'inherit' });
const pkg = JSON.parse(readFileSync('/src/package.json', 'utf8'));
const services = ['svc-catalog', 'svc-orders', 'svc-payments', 'svc-notify', 'svc-channels'];
const slices = ['mf-catalog', 'mf-checkout', 'mf-account', 'mf-admin'];
if (![...services, 'web', ...slices].includes(image))
  throw new Error(`IMAGE=${image}: not an image of the shop`);

// The workspace whose process the image starts: a service, or the launcher (storefront, one slice's files).
const workspace = services.includes(image) ? image : 'launcher';
// The base images set NODE_ENV=production, under which npm leaves the compilers out unless told.
run([...npm, 'ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund']);
run(['node_modules/typescript/bin/tsc', '-b', workspace]);
if (image === 'web') for (const w of ['shell', ...slices]) run([...npm, 'run', 'build', '-w', w]);
else if (slices.includes(image)) run([...npm, 'run', 'build', '-w', image]);

mkdirSync('/out', { recursive: true });
cpSync('/src/package.json', '/out/package.json');
cpSync('/src/package-lock.json', '/out/package-lock.json');
for (const w of pkg.workspaces) {
  mkdirSync(`/out/${w}`, { recursive: true });
  cpSync(`/src/${w}/package.json`, `/out/${w}/package.json`);
}
run([...npm, 'ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '-w', workspace], '/out');
rmSync('/out/node_modules/.package-lock.json', { force: true });

/** Copies a compiled or built folder, without source maps or build statistics. */
const copy = (from, to) =>
  cpSync(from, to, { recursive: true, filter: (src) => !/(\.map|mf-stats\.json)(\.br|\.gz)?$/.test(src) });
for (const w of readdirSync('/out/node_modules/@edicola')) {
  const dist = path.join('/src', w, 'dist');
  if (existsSync(dist) && !slices.includes(w) && w !== 'shell') copy(dist, `/out/${w}/dist`);
  if (existsSync(`/src/${w}/drizzle`)) copy(`/src/${w}/drizzle`, `/out/${w}/drizzle`);
}
if (image === 'web') for (const w of ['shell', ...slices]) copy(`/src/${w}/dist`, `/out/${w}/dist`);
// The storefront server paints / and /prodotti from these slices' server builds (self-contained bundles).
if (image === 'web')
  for (const w of ['shell', 'mf-catalog']) copy(`/src/${w}/dist-server`, `/out/${w}/dist-server`);
if (slices.includes(image)) copy(`/src/${image}/dist`, `/out/${image}/dist`);

// What the image's entrypoint starts: the service, or the launcher in its mode (web, or one slice's files).
const start = services.includes(image)
  ? `require('./${image}/dist/main.js');\n`
  : `process.argv[2] = process.argv[2] || '${image === 'web' ? 'web' : 'slice'}';\nrequire('./launcher/dist/cli.js');\n`;
writeFileSync('/out/start.js', `'use strict';\n${start}`);
