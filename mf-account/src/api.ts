import {
  API_TIMEOUT_MS,
  apiErrorFrom,
  createApiClient,
  Customer,
  CustomerLoginResponse,
  CustomerOrderList,
  type CustomerProfileUpdate,
  type PasswordChangeRequest,
  type CustomerRegistration,
} from '@edicola/contracts';

interface Schema<T> {
  parse(data: unknown): T;
}

/** The account slice's one way to talk to the API (svc-orders' customer endpoints), over the shared client. */
export function createAccountApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const checked =
    <T>(schema: Schema<T>) =>
    (body: unknown) =>
      schema.parse(body);

  const request = <T>(
    path: string,
    call: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; token?: string },
    schema: Schema<T>,
  ): Promise<T> =>
    client.call(call.method ?? 'GET', path, { body: call.body, token: call.token, check: checked(schema) });

  const json = (method: 'POST' | 'PUT', body: unknown, token?: string) => ({ method, body, token });
  const authorized = (token: string) => ({ token });

  return {
    /** POST /api/customers/register with the registration payload of docs/product/records.md#registration. */
    register: (payload: CustomerRegistration) =>
      request('/api/customers/register', json('POST', payload), Customer),
    /** POST /api/customers/login {email, password} → access_token, customer_id, email, tipo_cliente. */
    login: (credentials: { email: string; password: string }) =>
      request('/api/customers/login', json('POST', credentials), CustomerLoginResponse),
    /** GET /api/customers/profile: also how a stored token is validated. */
    profile: (token: string) => request('/api/customers/profile', authorized(token), Customer),
    /** PUT /api/customers/profile → the updated customer. */
    updateProfile: (token: string, update: CustomerProfileUpdate) =>
      request('/api/customers/profile', json('PUT', update, token), Customer),
    /** PUT /api/customers/password {old_password, new_password} → a fresh token (the others' sessions end). */
    changePassword: (token: string, change: PasswordChangeRequest) =>
      request('/api/customers/password', json('PUT', change, token), CustomerLoginResponse),
    /** POST /api/customers/logout → 204: the token stops working on the server. */
    logout: (token: string): Promise<void> => client.call('POST', '/api/customers/logout', { token }),
    /** GET /api/customers/orders: the customer's own orders. */
    orders: (token: string) => request('/api/customers/orders', authorized(token), CustomerOrderList),
    /**
     * GET /api/customers/orders/{id}/invoice.pdf: the issued invoice of the customer's own order, as a file (the
     * client's JSON answers do not fit a PDF, so this reads the body as bytes, with the same token and errors).
     */
    invoicePdf: async (token: string, orderId: string): Promise<Blob> => {
      const base = apiBaseUrl.replace(/\/+$/, '');
      const response = await fetchImpl(
        `${base}/api/customers/orders/${encodeURIComponent(orderId)}/invoice.pdf`,
        {
          method: 'GET',
          headers: { Accept: 'application/pdf', Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        },
      );
      if (!response.ok) throw await apiErrorFrom(response);
      return response.blob();
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
