import {
  type ContactMessageRequest,
  type SearchSuggestion,
  type VisitRequest,
  STOREFRONT_CATALOG_ROUTES,
  NOTIFY_ROUTES,
} from '@edicola/contracts';
import { createApiClient, pageLanguage, type CallRoute } from '@edicola/web-kit';

/**
 * The staff token the back office keeps in this browser (access_token, also token): sent with a visit, so svc-catalog
 * leaves a staff member's own page views out of the visit statistics (decision 0034).
 */
function storedStaffToken(): string | null {
  try {
    return localStorage.getItem('access_token') ?? localStorage.getItem('token');
  } catch {
    return null;
  }
}

/**
 * The shell's calls, through the web kit's client: newsletter and contact messages (svc-notify), visits
 * (svc-catalog). Only the subscription's answer is read; its schema (and zod) loads when a visitor subscribes,
 * never with the first paint (docs/decisions/0011-storefront-speed.md).
 */
export function createShellApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  /** A POST whose answer is not read. */
  const post = (route: CallRoute, body: unknown) => client.call(route, { body });

  return {
    /** POST /newsletter/subscribe; true when the address was already subscribed. */
    subscribe: async (email: string, name: string | null): Promise<{ already_subscribed: boolean }> => {
      const answer = await client.call(NOTIFY_ROUTES['POST /newsletter/subscribe'], {
        body: { email, name, language: pageLanguage() },
        schema: async () => (await import('./schemas')).NewsletterSubscribeResponse,
      });
      return { already_subscribed: answer.already_subscribed };
    },
    /** POST /newsletter/confirm: the link of the confirmation e-mail; an unknown or used token answers 404. */
    confirmSubscription: async (token: string): Promise<void> => {
      await post(NOTIFY_ROUTES['POST /newsletter/confirm'], { token });
    },
    /** POST /newsletter/unsubscribe; an unknown token answers 404. */
    unsubscribe: async (token: string): Promise<void> => {
      await post(NOTIFY_ROUTES['POST /newsletter/unsubscribe'], { token });
    },
    /** POST /stock-alerts/confirm: the link of a back-in-stock alert's confirmation; unknown or expired: 404. */
    confirmStockAlert: async (token: string): Promise<void> => {
      await post(NOTIFY_ROUTES['POST /stock-alerts/confirm'], { token });
    },
    /** POST /stock-alerts/unsubscribe: ends a back-in-stock alert; unknown or used: 404. */
    endStockAlert: async (token: string): Promise<void> => {
      await post(NOTIFY_ROUTES['POST /stock-alerts/unsubscribe'], { token });
    },
    /** POST /contact/messages: to the shop's mailbox, with a confirmation to the sender. */
    sendContactMessage: async (message: ContactMessageRequest): Promise<void> => {
      await post(NOTIFY_ROUTES['POST /contact/messages'], {
        ...message,
        language: message.language ?? pageLanguage(),
      });
    },
    /** GET /public/search/suggest: the search box's suggestions for what the visitor has typed so far. */
    suggest: async (q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> => {
      const answer = await client.call(STOREFRONT_CATALOG_ROUTES['GET /public/search/suggest'], {
        query: { q },
        signal,
        schema: async () => (await import('./searchSchemas')).SearchSuggestions,
      });
      return answer.suggestions;
    },
    /** POST /analytics/visit: fire and forget (keepalive, so it survives leaving the page). */
    trackVisit: async (visit: VisitRequest) => {
      const staff = storedStaffToken();
      await client.call(STOREFRONT_CATALOG_ROUTES['POST /analytics/visit'], {
        body: visit,
        keepalive: true,
        ...(staff ? { token: staff } : {}),
      });
    },
  };
}

export type ShellApi = ReturnType<typeof createShellApi>;
