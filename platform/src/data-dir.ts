import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * What the shop writes is its own alone: the database files (whose write-ahead log holds password hashes),
 * the signing key, e-mails written as files. Folders 0700, files 0600, whatever umask the shell had.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Every file this process (and each process it starts) creates is private. First thing in every entry point. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** A folder (and its missing parents) created 0700; an existing one made 0700. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if ((lstatSync(dir).mode & 0o777) !== PRIVATE_FOLDER_MODE) restrict(dir, PRIVATE_FOLDER_MODE);
}

/** chmod, failing with what to do when the file is someone else's (the shop refuses to start on it). */
function restrict(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'ENOENT') return;
    throw new Error(`cannot make ${file} private (${code}): give it to the user running the shop`);
  }
}

/**
 * DATA_DIR made private at start: created 0700 if missing, and every folder and file already under it
 * (written by an earlier version, or under a looser umask) brought back to 0700 / 0600. Symbolic links are
 * left alone, never followed.
 */
export function securePrivateTree(dir: string): void {
  usePrivateUmask();
  makePrivateFolder(dir);
  const entriesOf = (folder: string) => {
    try {
      return readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  const walk = (folder: string) => {
    for (const entry of entriesOf(folder)) {
      const file = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      const wanted = entry.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
      // A file another process of the shop removed meanwhile (a database's temporary file) is no concern.
      const stat = lstatSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      if ((stat.mode & 0o777) !== wanted) restrict(file, wanted);
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
}
