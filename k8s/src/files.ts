import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate, HEADER } from './layout';

/** The k8s/ folder of the repository (this file is in k8s/src or k8s/dist). */
export const K8S_DIR = path.resolve(__dirname, '..');

/** The generated files present on disk: every .yaml under k8s/ that starts with the generated header. */
function generatedOnDisk(dir = K8S_DIR, found = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'src', 'dist', 'test'].includes(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) generatedOnDisk(full, found);
    else if (entry.endsWith('.yaml')) {
      const text = readFileSync(full, 'utf8');
      if (text.startsWith(HEADER)) found.set(path.relative(K8S_DIR, full), text);
    }
  }
  return found;
}

/** What differs between the generated manifests and those on disk: missing, stale or left over. */
export function staleFiles(): string[] {
  const wanted = generate();
  const present = generatedOnDisk();
  const stale = [...wanted].filter(([file, text]) => present.get(file) !== text).map(([file]) => file);
  const leftOver = [...present.keys()].filter((file) => !wanted.has(file));
  return [...stale, ...leftOver].sort();
}

/** Writes every generated manifest and removes generated ones no longer wanted. */
export function writeGenerated(): number {
  const wanted = generate();
  for (const file of generatedOnDisk().keys()) {
    if (!wanted.has(file)) rmSync(path.join(K8S_DIR, file));
  }
  for (const [file, text] of wanted) {
    const full = path.join(K8S_DIR, file);
    if (!existsSync(path.dirname(full))) mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return wanted.size;
}
