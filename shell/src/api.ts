import { apiErrorFrom, type ContactMessageRequest, type VisitRequest } from '@edicola/contracts';

/** How long a call may take before the form reports a failure (issue 6: a few seconds). */
export const API_TIMEOUT_MS = 8000;

/** The shell's one API client: newsletter and contact messages (svc-notify), visits (svc-catalog). */
export function createShellApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function post(path: string, body: unknown, keepalive = false): Promise<unknown> {
    const response = await fetchImpl(`${base}${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
      keepalive,
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return response.status === 204 ? null : response.json().catch(() => null);
  }

  return {
    /** POST /newsletter/subscribe; true when the address was already subscribed. */
    subscribe: async (email: string, name: string | null): Promise<{ already_subscribed: boolean }> => {
      const answer = (await post('/newsletter/subscribe', { email, name })) as {
        already_subscribed?: unknown;
      };
      return { already_subscribed: answer?.already_subscribed === true };
    },
    /** POST /newsletter/unsubscribe; an unknown token answers 404. */
    unsubscribe: async (token: string): Promise<void> => {
      await post('/newsletter/unsubscribe', { token });
    },
    /** POST /contact/messages: to the shop's mailbox, with a confirmation to the sender. */
    sendContactMessage: async (message: ContactMessageRequest): Promise<void> => {
      await post('/contact/messages', message);
    },
    /** POST /analytics/visit: fire and forget (keepalive, so it survives leaving the page). */
    trackVisit: async (visit: VisitRequest) => {
      await post('/analytics/visit', visit, true);
    },
  };
}

export type ShellApi = ReturnType<typeof createShellApi>;
