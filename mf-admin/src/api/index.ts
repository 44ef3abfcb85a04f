import { createApiClient } from '@edicola/web-kit';
import { readStaffToken } from '../staffToken';
import { articlesApi } from './articles';
import { analyticsApi } from './analytics';
import { authApi } from './auth';
import { channelsApi } from './channels';
import { customersApi } from './customers';
import { discountsApi } from './discounts';
import { homeApi } from './home';
import { giftCardsApi } from './gift-cards';
import { ordersApi } from './orders';
import { posApi } from './pos';
import { reviewsApi } from './reviews';
import { shippingApi } from './shipping';
import { staffApi } from './staff';

export interface AdminApiOptions {
  fetchImpl?: typeof fetch;
  /** A stored token the API refused (401): the session is over. */
  onUnauthorized?: () => void;
}

/**
 * The back office's one way to talk to the API: the shared web client (bearer token from storage,
 * time-out, errors with `detail` and `code`) with one typed module per resource.
 */
export function createAdminApi(apiBaseUrl: string, options: AdminApiOptions = {}) {
  const client = createApiClient({
    baseUrl: apiBaseUrl,
    fetchImpl: options.fetchImpl,
    token: () => readStaffToken(),
    onUnauthorized: options.onUnauthorized,
  });
  return {
    auth: authApi(client),
    articles: articlesApi(client),
    reviews: reviewsApi(client),
    shipping: shippingApi(client),
    analytics: analyticsApi(client),
    orders: ordersApi(client),
    pos: posApi(client),
    channels: channelsApi(client),
    customers: customersApi(client),
    discounts: discountsApi(client),
    home: homeApi(client),
    staff: staffApi(client),
    giftCards: giftCardsApi(client),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
