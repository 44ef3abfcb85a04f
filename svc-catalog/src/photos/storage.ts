import { eq } from 'drizzle-orm';
import type { Db } from '@edicola/platform';
import { photos } from '../db/schema';
import type { PhotoFile } from './processing';

/** Stores photo files in the database, so any replica serves any photo; a file already there stays. */
export async function savePhotoFiles(db: Db, files: PhotoFile[]): Promise<void> {
  if (files.length === 0) return;
  await db.insert(photos).values(files).onConflictDoNothing({ target: photos.path });
}

export async function findPhotoFile(db: Db, path: string) {
  const [photo] = await db.select().from(photos).where(eq(photos.path, path)).limit(1);
  return photo ?? null;
}

/** Names made from the content's hash (`<hash>-<width>.webp`) never change content: cache them forever. */
export const isContentHashed = (path: string) => /(^|\/)[0-9a-f]{24}-\d+\.webp$/.test(path);
