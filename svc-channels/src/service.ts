import path from 'node:path';
import { z } from 'zod';
import { env, type ServiceDefinition } from '@edicola/platform';
import { channels, deadLetters, jobSchedules, jobs, outbox, processedEvents } from './db/schema';
import { FULFILLMENT_JOB, LISTING_JOB, type ChannelsContext } from './context';
import { demoEbayRoutes, startDemoEbay, type DemoEbay } from './demo';
import type { EbayApi, EbayOAuth } from './ebay/api';
import { FAKE_EBAY_PREFIX } from './ebay/fake';
import { createEbayApi } from './ebay/live-client';
import { createEbayOAuth } from './ebay/oauth';
import { ebayAccountStore, recordingApi, type EbayAccountStore } from './ebay-account/account';
import { tokenCipher, tokenKeyFrom } from './ebay-account/token-cipher';
import { onArticleChanged, runListingJob } from './listings/listings';
import { reconcile } from './listings/reconciliation';
import { quantitySync } from './listings/sync';
import { onOrderStatusChanged, pollOrders, runFulfillmentJob } from './orders/orders-in';
import { ebayRoutes, purgeOauthStates } from './routes/ebay';
import { ebaySettings, ebaySetupFrom } from './settings';

const settings = z.object({
  PORT: env.port(8105),
  ...ebaySettings,
});

export interface ChannelsServiceOptions {
  /** Demo mode's fake eBay, once started (tests buy, cancel and make it fail through it). */
  onDemoStart?(demo: DemoEbay): void;
}

/**
 * svc-channels (docs/product/ebay.md, docs/decisions/0048-ebay-sync.md). `embedded`: inside the all-in-one shop,
 * where eBay is the demo fake unless EBAY_MODE says otherwise; `standalone`: its own process, eBay off unless set.
 */
export function createChannelsService(
  mode: 'embedded' | 'standalone',
  options: ChannelsServiceOptions = {},
): ServiceDefinition<typeof settings> {
  return {
    name: 'svc-channels',
    schema: channels.schemaName,
    migrationsFolder: path.join(__dirname, '../drizzle'),
    env: settings,
    tables: { outbox, processedEvents, deadLetters, jobs, jobSchedules },
    async build({ config, database, bus, jobs: jobRunner, internal, logger, verifier }) {
      const setup = ebaySetupFrom(config, { embedded: mode === 'embedded' });
      const publicApiUrl = config.PUBLIC_API_URL.replace(/\/+$/, '');
      let demo: DemoEbay | null = null;
      let api: EbayApi | null = null;
      let oauth: EbayOAuth | null = null;
      let store: EbayAccountStore | null = null;
      if (setup.mode !== 'off') {
        if (setup.mode === 'demo') {
          demo = await startDemoEbay({
            dataDir: config.DATA_DIR,
            publicApiUrl,
            clientId: setup.clientId,
            clientSecret: setup.clientSecret,
            logger,
          });
          options.onDemoStart?.(demo);
        }
        const apiUrl = demo?.url ?? config.EBAY_API_URL;
        oauth = createEbayOAuth({
          // The admin's browser goes to the public consent page; the service calls the token endpoint directly.
          authUrl: demo ? `${publicApiUrl}${FAKE_EBAY_PREFIX}` : config.EBAY_AUTH_URL,
          apiUrl,
          clientId: setup.clientId,
          clientSecret: setup.clientSecret,
          ruName: setup.ruName,
        });
        const cipher = tokenCipher(tokenKeyFrom(config.EBAY_TOKEN_KEY, config.DATA_DIR));
        store = ebayAccountStore({ database, cipher, oauth, logger });
        api = recordingApi(createEbayApi({ baseUrl: apiUrl, tokens: store.tokens, logger }), store);
      } else {
        logger.warn('EBAY_MODE=off: nothing is listed on eBay and no eBay order is read');
      }
      const ctx: ChannelsContext = {
        database,
        bus,
        jobs: jobRunner,
        internal,
        logger,
        setup,
        api,
        store,
        publicApiUrl,
        listingUrl: (listingId) =>
          demo
            ? `${publicApiUrl}${FAKE_EBAY_PREFIX}/itm/${encodeURIComponent(listingId)}`
            : `https://www.ebay.it/itm/${encodeURIComponent(listingId)}`,
      };

      bus.on('article.changed', onArticleChanged(ctx));
      bus.on('order.status_changed', onOrderStatusChanged(ctx));
      jobRunner.handle<{ article_id: string }>(LISTING_JOB, (p) => runListingJob(ctx, p.article_id), {
        backoffMs: 10_000,
        maxBackoffMs: 30 * 60_000,
        maxAttempts: 20,
      });
      // Retried until eBay takes it (about two days at the longest wait).
      jobRunner.handle<Parameters<typeof runFulfillmentJob>[1]>(
        FULFILLMENT_JOB,
        (p) => runFulfillmentJob(ctx, p),
        { backoffMs: 30_000, maxBackoffMs: 60 * 60_000, maxAttempts: 60 },
      );
      const sync = quantitySync(ctx);
      if (setup.mode !== 'off') {
        jobRunner.every('ebay.sync', config.EBAY_SYNC_INTERVAL_MS, async () => {
          await sync();
        });
        jobRunner.every('ebay.orders', config.EBAY_ORDERS_INTERVAL_MS, async () => {
          await pollOrders(ctx);
        });
        jobRunner.every('ebay.reconcile', config.EBAY_RECONCILE_INTERVAL_MS, async () => {
          await reconcile(ctx);
          await purgeOauthStates(ctx);
        });
      }
      return {
        routes(router) {
          ebayRoutes(router, {
            ctx,
            oauth,
            verifier,
            publicWebUrl: config.PUBLIC_WEB_URL,
            async syncNow() {
              await sync({ force: true });
              await pollOrders(ctx);
            },
          });
          demoEbayRoutes(router, demo);
        },
        async stop() {
          await demo?.stop();
        },
      };
    },
  };
}

/** The definition the all-in-one launcher (and the tests) run. */
export const channelsService = createChannelsService('embedded');
