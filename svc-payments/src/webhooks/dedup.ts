import type { PaymentProvider } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { providerEvents } from '../db/schema';

/** Records a provider event by its id; false when it was seen before (then it has no second effect). */
export async function firstSeen(tx: Db, provider: PaymentProvider, eventId: string, type: string) {
  const inserted = await tx
    .insert(providerEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return inserted.length > 0;
}
