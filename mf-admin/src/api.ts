import { apiErrorFrom, StaffLoginResponse, StaffMe, type StaffLoginRequest } from '@edicola/contracts';

/** The back office's one way to talk to the API (svc-orders' staff authentication for now). */
export function createAdminApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function request<T>(
    path: string,
    init: RequestInit,
    schema: { parse(data: unknown): T },
  ): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, init);
    if (!response.ok) throw await apiErrorFrom(response);
    return schema.parse(await response.json());
  }

  return {
    /** POST /api/auth/login {username, password} → access_token, user_id, username, role. */
    login: (credentials: StaffLoginRequest) =>
      request(
        '/api/auth/login',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(credentials),
        },
        StaffLoginResponse,
      ),
    /** GET /api/auth/me with the bearer token: validates the stored session. */
    me: (token: string) =>
      request(
        '/api/auth/me',
        { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
        StaffMe,
      ),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
