import {
  AuditEntryList,
  ROUTES,
  StaffAccount,
  StaffAccountList,
  StaffTemporaryPassword,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  type AuditQuery,
  type StaffRole,
} from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

/** Personale and Registro (docs/product/back-office.md#staff-accounts), and an admin's own second factor. */
export const staffApi = (client: ApiClient) => ({
  list: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/staff'], { signal, schema: StaffAccountList }),
  create: (input: { username: string; role: StaffRole }) =>
    client.call(ROUTES['POST /api/admin/staff'], { body: input, schema: StaffTemporaryPassword }),
  changeRole: (id: string, role: StaffRole) =>
    client.call(ROUTES['PUT /api/admin/staff/:id/role'], {
      params: { id },
      body: { role },
      schema: StaffAccount,
    }),
  setActive: (id: string, active: boolean) =>
    client.call(
      ROUTES[active ? 'POST /api/admin/staff/:id/reactivate' : 'POST /api/admin/staff/:id/deactivate'],
      { params: { id }, schema: StaffAccount },
    ),
  resetPassword: (id: string) =>
    client.call(ROUTES['POST /api/admin/staff/:id/reset-password'], {
      params: { id },
      schema: StaffTemporaryPassword,
    }),
  resetTwoFactor: (id: string) =>
    client.call(ROUTES['DELETE /api/admin/staff/:id/two-factor'], { params: { id }, schema: StaffAccount }),
  startTwoFactor: () => client.call(ROUTES['POST /api/auth/two-factor/setup'], { schema: TwoFactorSetup }),
  confirmTwoFactor: (code: string) =>
    client.call(ROUTES['POST /api/auth/two-factor/confirm'], {
      body: { code },
      schema: TwoFactorRecoveryCodes,
    }),
  audit: (query: Partial<AuditQuery>, signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/audit'], { query, signal, schema: AuditEntryList }),
});
