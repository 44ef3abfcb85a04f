import type { Database, EventBus, InternalClient, Jobs, Logger } from '@edicola/platform';
import type { EbayApi } from './ebay/api';
import type { EbayAccountStore } from './ebay-account/account';
import type { EbaySetup } from './settings';

/** What the event handlers, the jobs and the routes of svc-channels share. */
export interface ChannelsContext {
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  internal: InternalClient;
  logger: Logger;
  setup: EbaySetup;
  /** eBay's Sell APIs (the demo fake's in demo mode), every answer recorded on the account; null when off. */
  api: EbayApi | null;
  store: EbayAccountStore | null;
  /** The public page of a listing on eBay (the fake's in demo mode). */
  listingUrl(listingId: string): string;
  /** The API's public address, for relative photo URLs. */
  publicApiUrl: string;
}

export const LISTING_JOB = 'ebay.listing';
export const FULFILLMENT_JOB = 'ebay.fulfillment';
