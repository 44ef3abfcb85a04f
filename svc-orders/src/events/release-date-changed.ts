import type { EventHandler } from '@edicola/platform';
import { tellReleaseDate, type Presales } from '../presales/arrivals';

/** article.release_date_changed: every open pre-order's buyer is told the new date (presales/arrivals.ts). */
export function onReleaseDateChanged(presales: Presales): EventHandler<'article.release_date_changed'> {
  return async (event, tx) => {
    await tellReleaseDate(tx, presales, event.data);
  };
}
