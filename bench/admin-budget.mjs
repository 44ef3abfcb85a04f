#!/usr/bin/env node
// The back office's size budget (issue 15: the first load of /gestione at most 150 KB brotli beyond the shell), on
// the built tree (npm run build first), brotli-compressed as the storefront server sends them. The first load is
// what the shell fetches from mf-admin to show /gestione: the remote entry, the exposed module's own chunks (from
// the build's mf-manifest.json), the tab it opens (Articoli for staff, Cassa for a cashier: the larger is
// counted) and one language (Italian ships in the code; the largest other language is counted). Every other
// chunk group a screen loads when it opens (a tab, the article dialog, the counter's barcode reader; from
// chunk-groups.json, which mf-admin/rspack.config.mjs writes) has a ceiling of its own, so nothing grows unseen.
// The shared libraries' fallback copies (React, the router, i18next) are listed apart: the shell's are used.
// `node bench/admin-budget.mjs` prints the figures and exits 1 when a budget or a ceiling is exceeded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIRST_LOAD_BYTES = 150 * 1024;
const LAZY_CEILING_BYTES = 60 * 1024;
/** The tabs /gestione opens on: Articoli for staff and admins, Cassa for a cashier (docs/product/counter.md#roles). */
const LANDING = ['tab-articles', 'tab-counter'];
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../mf-admin/dist');

const manifestFile = path.join(dist, 'mf-manifest.json');
const groupsFile = path.join(dist, 'chunk-groups.json');
if (!existsSync(manifestFile) || !existsSync(groupsFile)) {
  console.error(`no mf-manifest.json or chunk-groups.json in ${dist}: run npm run build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
/** @type {Record<string, string[]>} */
const groups = JSON.parse(readFileSync(groupsFile, 'utf8'));

/** A file as sent: its brotli twin (files under 1 KB have none and are sent as they are). */
const sent = (file) => {
  const br = path.join(dist, `${file}.br`);
  return statSync(existsSync(br) ? br : path.join(dist, file)).size;
};
const code = (file) => /\.(js|css)$/.test(file);
const sum = (files) => [...new Set(files)].filter(code).reduce((total, file) => total + sent(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const expose = manifest.exposes.find((e) => e.name === 'AdminApp');
const frame = [manifest.metaData.remoteEntry.name, ...expose.assets.js.sync, ...expose.assets.css.sync];
const isLocale = (name) => name.startsWith('locale-');
const locales = Object.entries(groups).filter(([name, files]) => isLocale(name) && files.length > 0);
const largestLocale = Math.max(0, ...locales.map(([, files]) => sum(files)));
const landing = LANDING.map((tab) => ({ tab, bytes: sum([...frame, ...groups[tab]]) + largestLocale }));
const firstLoad = Math.max(...landing.map((l) => l.bytes));

const lazy = Object.entries(groups)
  .filter(([name]) => !isLocale(name) && name !== manifest.name && name !== '__federation_expose_AdminApp')
  .map(([name, files]) => ({ name, bytes: sum(files.filter((file) => !frame.includes(file))) }))
  .sort((a, b) => b.bytes - a.bytes);
const tooLarge = lazy.filter((group) => group.bytes > LAZY_CEILING_BYTES);

const shared = manifest.shared.flatMap((s) => s.assets.js.sync);
const counted = new Set([...frame, ...Object.values(groups).flat(), ...shared]);
const unaccounted = readdirSync(dist).filter((file) => code(file) && !counted.has(file));

console.log(
  `frame (remote entry and exposed module): ${kb(sum(frame))}; the largest language other than Italian: ${kb(largestLocale)}`,
);
for (const { tab, bytes } of landing) console.log(`first load of /gestione opening ${tab}: ${kb(bytes)}`);
console.log(`chunks loaded when their screen opens (each at most ${kb(LAZY_CEILING_BYTES)}):`);
for (const group of lazy) console.log(`${kb(group.bytes).padStart(9)}  ${group.name}`);
console.log(
  `languages other than Italian, one loaded at a time: ${locales.map(([name, files]) => `${name.slice(7, 9)} ${kb(sum(files))}`).join(', ')}`,
);
console.log(`shared libraries' fallback copies, not loaded (the shell's are used): ${kb(sum(shared))}`);
// A lazy import() without a webpackChunkName would be in no named group: name it, so that it is measured.
if (unaccounted.length > 0)
  console.log(`chunks of no named group (name their import()): ${unaccounted.join(', ')}`);
console.log(
  `mf-admin, first load of /gestione (brotli): ${kb(firstLoad)} of a ${kb(FIRST_LOAD_BYTES)} budget` +
    (tooLarge.length ? `; over the ceiling: ${tooLarge.map((g) => g.name).join(', ')}` : ''),
);
process.exit(firstLoad <= FIRST_LOAD_BYTES && tooLarge.length === 0 && unaccounted.length === 0 ? 0 : 1);
