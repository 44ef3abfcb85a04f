import {
  BalancePaymentResponse,
  OrderDeposit,
  CancelOrderResponse,
  Customer,
  CustomerLoginResponse,
  CustomerOrderList,
  CustomerDataExport,
  GiftCardList,
  PasswordResetAccepted,
  PasswordResetDone,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  OrderPage,
  type CustomerProfileUpdate,
  type PasswordChangeRequest,
  type CustomerRegistration,
  STOREFRONT_ORDERS_ROUTES,
  fiscalNumberKey,
  pathTo,
} from '@edicola/contracts';
import {
  API_TIMEOUT_MS,
  createApiClient,
  downloadFile,
  withQuery,
  type CallRoute,
  type Schema,
} from '@edicola/web-kit';

/** The account slice's one way to talk to the API (svc-orders' customer endpoints), over the shared client. */
export function createAccountApi(apiBaseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const client = createApiClient({ baseUrl: apiBaseUrl, fetchImpl });
  const request = <T>(
    route: CallRoute,
    call: { body?: unknown; token?: string },
    schema: Schema<T>,
  ): Promise<T> => client.call(route, { body: call.body, token: call.token, schema });

  const json = (body: unknown, token?: string) => ({ body, token });
  const authorized = (token: string) => ({ token });

  return {
    /** POST /api/customers/register with the registration payload of docs/product/records.md#registration. */
    register: (payload: CustomerRegistration) =>
      request(STOREFRONT_ORDERS_ROUTES['POST /api/customers/register'], json(payload), Customer),
    /** POST /api/customers/login {email, password} → access_token, customer_id, email, tipo_cliente. */
    login: (credentials: { email: string; password: string }) =>
      request(
        STOREFRONT_ORDERS_ROUTES['POST /api/customers/login'],
        json(credentials),
        CustomerLoginResponse,
      ),
    /** POST /api/customers/password-reset {email, language} → 202, the same whatever the address. */
    requestPasswordReset: (ask: PasswordResetRequest) =>
      request(
        STOREFRONT_ORDERS_ROUTES['POST /api/customers/password-reset'],
        json(ask),
        PasswordResetAccepted,
      ),
    /** POST /api/customers/password-reset/confirm {token, password} → whose account it was (customer or staff). */
    confirmPasswordReset: (reset: PasswordResetConfirm) =>
      request(
        STOREFRONT_ORDERS_ROUTES['POST /api/customers/password-reset/confirm'],
        json(reset),
        PasswordResetDone,
      ),
    /** GET /api/customers/profile: also how a stored token is validated. */
    profile: (token: string) =>
      request(STOREFRONT_ORDERS_ROUTES['GET /api/customers/profile'], authorized(token), Customer),
    /** PUT /api/customers/profile → the updated customer. */
    updateProfile: (token: string, update: CustomerProfileUpdate) =>
      request(STOREFRONT_ORDERS_ROUTES['PUT /api/customers/profile'], json(update, token), Customer),
    /** PUT /api/customers/password {old_password, new_password} → a fresh token (the others' sessions end). */
    changePassword: (token: string, change: PasswordChangeRequest) =>
      request(
        STOREFRONT_ORDERS_ROUTES['PUT /api/customers/password'],
        json(change, token),
        CustomerLoginResponse,
      ),
    /** POST /api/customers/logout → 204: the token stops working on the server. */
    logout: (token: string): Promise<void> =>
      client.call(STOREFRONT_ORDERS_ROUTES['POST /api/customers/logout'], { token }),
    /** GET /api/customers/orders: the customer's own orders. */
    orders: (token: string) =>
      request(STOREFRONT_ORDERS_ROUTES['GET /api/customers/orders'], authorized(token), CustomerOrderList),
    /**
     * GET /api/customers/orders/{id}/invoice.pdf: the issued invoice of the customer's own order, as a file (read as
     * bytes, with the same token and errors as the JSON answers).
     */
    invoicePdf: async (token: string, orderId: string): Promise<Blob> => {
      const file = await downloadFile(
        client,
        STOREFRONT_ORDERS_ROUTES['GET /api/customers/orders/:id/invoice.pdf'],
        {
          params: { id: orderId },
          accept: 'application/pdf',
          token,
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        },
      );
      return file.blob;
    },
    /** GET /api/customers/me/gift-cards: the customer's own gift cards and store credit (cart-and-checkout.md#gift-cards). */
    giftCards: (token: string) =>
      request(STOREFRONT_ORDERS_ROUTES['GET /api/customers/me/gift-cards'], authorized(token), GiftCardList),
    /** GET /api/customers/me/export: everything the shop holds of the customer (docs/product/account.md#data-export). */
    exportData: (token: string) =>
      request(
        STOREFRONT_ORDERS_ROUTES['GET /api/customers/me/export'],
        authorized(token),
        CustomerDataExport,
      ),
    /** DELETE /api/customers/me {password} → 204: the account is erased (docs/product/account.md#erasure). */
    eraseAccount: (token: string, password: string): Promise<void> =>
      client.call(STOREFRONT_ORDERS_ROUTES['DELETE /api/customers/me'], { body: { password }, token }),
    /**
     * GET /orders/{id}?t=: the order page (docs/product/account.md#order-page), with the link's token, or without it
     * with the signed-in owner's session.
     */
    orderPage: (orderId: string, access: { link?: string; session?: string }, signal?: AbortSignal) =>
      client.call(STOREFRONT_ORDERS_ROUTES['GET /orders/:id'], {
        params: { id: orderId },
        query: { t: access.link },
        token: access.session,
        schema: OrderPage,
        signal,
      }),
    /** POST /orders/{id}/cancel with the order's token: 'Annulla ordine' while unpaid. */
    cancelOrder: (orderId: string, orderToken: string) =>
      client.call(STOREFRONT_ORDERS_ROUTES['POST /orders/:id/cancel'], {
        params: { id: orderId },
        body: { cancel_token: orderToken },
        schema: CancelOrderResponse,
      }),
    /** POST /orders/{id}/balance-payment: where to pay a pre-order's balance (docs/decisions/0066). */
    payBalance: (orderId: string, orderToken: string, method: 'card' | 'paypal') =>
      client.call(STOREFRONT_ORDERS_ROUTES['POST /orders/:id/balance-payment'], {
        params: { id: orderId },
        body: { token: orderToken, method },
        schema: BalancePaymentResponse,
      }),
    /** POST /orders/{id}/presale-choice: after a short delivery, wait for the next one or take the deposit back. */
    choosePresale: (orderId: string, orderToken: string, choice: 'wait' | 'refund') =>
      client.call(STOREFRONT_ORDERS_ROUTES['POST /orders/:id/presale-choice'], {
        params: { id: orderId },
        body: { token: orderToken, choice },
        schema: OrderDeposit,
      }),
    /** The address of the order page's invoice or credit note PDF: a plain link, the token is in it. */
    documentUrl: (orderId: string, orderToken: string, creditNote?: string) =>
      `${apiBaseUrl.replace(/\/+$/, '')}${withQuery(
        creditNote === undefined
          ? pathTo(STOREFRONT_ORDERS_ROUTES['GET /orders/:id/invoice.pdf'], { id: orderId })
          : pathTo(STOREFRONT_ORDERS_ROUTES['GET /orders/:id/credit-notes/:number.pdf'], {
              id: orderId,
              number: fiscalNumberKey(creditNote),
            }),
        { t: orderToken },
      )}`,
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
