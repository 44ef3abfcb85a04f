import {
  apiErrorFrom,
  Customer,
  CustomerLoginResponse,
  CustomerOrderList,
  type CustomerProfileUpdate,
  type CustomerRegistration,
} from '@edicola/contracts';

interface Schema<T> {
  parse(data: unknown): T;
}

/** The account slice's one way to talk to the API (svc-orders' customer endpoints). */
export function createAccountApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function request<T>(path: string, init: RequestInit, schema: Schema<T>): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, init);
    if (!response.ok) throw await apiErrorFrom(response);
    return schema.parse(await response.json());
  }

  const json = (method: string, body: unknown, token?: string): RequestInit => ({
    method,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const authorized = (token: string): RequestInit => ({
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });

  return {
    /** POST /api/customers/register with the registration payload of SPEC §3. */
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
    /** GET /api/customers/orders: the customer's own orders. */
    orders: (token: string) => request('/api/customers/orders', authorized(token), CustomerOrderList),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
