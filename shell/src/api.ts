import {
  createApiClient,
  pageLanguage,
  ROUTES,
  type CallRoute,
  type ContactMessageRequest,
  type VisitRequest,
} from '@edicola/contracts';

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

/** The shell's calls, through the shared web client (contracts): newsletter and contact messages (svc-notify), visits (svc-catalog). */
export function createShellApi(apiBaseUrl: string, fetchImpl?: typeof fetch) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  /** A POST whose answer, if any, is read as it came (null for none). */
  const post = (route: CallRoute, body: unknown) =>
    client.call<unknown>(route, { body, check: (answer) => answer });

  return {
    /** POST /newsletter/subscribe; true when the address was already subscribed. */
    subscribe: async (email: string, name: string | null): Promise<{ already_subscribed: boolean }> => {
      const answer = (await post(ROUTES['POST /newsletter/subscribe'], {
        email,
        name,
        language: pageLanguage(),
      })) as {
        already_subscribed?: unknown;
      };
      return { already_subscribed: answer?.already_subscribed === true };
    },
    /** POST /newsletter/confirm: the link of the confirmation e-mail; an unknown or used token answers 404. */
    confirmSubscription: async (token: string): Promise<void> => {
      await post(ROUTES['POST /newsletter/confirm'], { token });
    },
    /** POST /newsletter/unsubscribe; an unknown token answers 404. */
    unsubscribe: async (token: string): Promise<void> => {
      await post(ROUTES['POST /newsletter/unsubscribe'], { token });
    },
    /** POST /contact/messages: to the shop's mailbox, with a confirmation to the sender. */
    sendContactMessage: async (message: ContactMessageRequest): Promise<void> => {
      await post(ROUTES['POST /contact/messages'], {
        ...message,
        language: message.language ?? pageLanguage(),
      });
    },
    /** POST /analytics/visit: fire and forget (keepalive, so it survives leaving the page). */
    trackVisit: async (visit: VisitRequest) => {
      const staff = storedStaffToken();
      await client.call<unknown>(ROUTES['POST /analytics/visit'], {
        body: visit,
        keepalive: true,
        check: (answer) => answer,
        ...(staff ? { token: staff } : {}),
      });
    },
  };
}

export type ShellApi = ReturnType<typeof createShellApi>;
