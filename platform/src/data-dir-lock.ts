import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The embedded engine (PGlite) allows one process at a time, and opening its folder from a second
// process does not fail: it corrupts. PGlite's own postmaster.pid cannot tell a running shop from a
// crashed one (its pid is always -42), so the all-in-one shop leaves its process id here while it runs,
// and the operator's commands (staff, events) and a second `npm start` refuse the folder while it lives.
const markerOf = (dataDir: string) => path.join(dataDir, 'shop.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The id of the live process running the shop on this DATA_DIR, or null (a stale marker is ignored). */
export function shopProcessOn(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(markerOf(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** Marks DATA_DIR as used by this process; the returned function removes the mark. */
export function markInUse(dataDir: string): () => void {
  const file = markerOf(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
