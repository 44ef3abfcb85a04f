#!/usr/bin/env node
// The back office's size budget (issue 15: the first load of /gestione at most 150 KB brotli beyond the shell), on
// the built tree (npm run build first). It counts more than the first load: every JavaScript and CSS file mf-admin
// ships, brotli-compressed as the storefront server sends them, every tab included, in ONE language: a staff user
// loads Italian (in the code) and at most one other language's chunk, so the largest of those is counted and the
// others are listed apart. Staying under the budget here keeps the first load under it too.
// `node bench/admin-budget.mjs` prints the figures and exits 1 when the budget is exceeded.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 150 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../mf-admin/dist');

const files = readdirSync(dist).filter((name) => /\.(js|css)\.br$/.test(name));
if (files.length === 0) {
  console.error(`no brotli files in ${dist}: run npm run build first`);
  process.exit(1);
}
const sizes = files.map((name) => ({ name, bytes: statSync(path.join(dist, name)).size }));
const isLocale = (file) => /^locale-\w+-json\./.test(file.name);
// The barcode reader for a device whose browser has none (the counter's camera button, on a desktop or Firefox):
// loaded only then, never on the first load of /gestione; counted apart.
const isFallback = (file) => /^barcode-reader(-wasm)?\./.test(file.name);
const locales = sizes.filter(isLocale);
const fallback = sizes.filter(isFallback);
const code = sizes.filter((file) => !isLocale(file) && !isFallback(file));
const largestLocale = Math.max(0, ...locales.map((file) => file.bytes));
const total = code.reduce((sum, file) => sum + file.bytes, 0) + largestLocale;
for (const file of code.sort((a, b) => b.bytes - a.bytes).slice(0, 8))
  console.log(`${(file.bytes / 1024).toFixed(1).padStart(7)} KB  ${file.name}`);
console.log(
  `languages other than Italian, one loaded at a time: ${locales.map((f) => `${f.name.slice(7, 9)} ${(f.bytes / 1024).toFixed(1)} KB`).join(', ')}`,
);
console.log(
  `the counter's barcode reader for browsers without one, loaded only with the camera: ${(fallback.reduce((sum, f) => sum + f.bytes, 0) / 1024).toFixed(1)} KB of JavaScript (its WebAssembly apart)`,
);
console.log(
  `mf-admin, every chunk in one language (brotli): ${(total / 1024).toFixed(1)} KB of a ${BUDGET_BYTES / 1024} KB budget`,
);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
