import type { Router } from 'express';
import { endpoint, type StaffAccount, type StaffTemporaryPassword } from '@edicola/contracts';
import { auditBy, type Db, type EventBus, type TokenVerifier, routeServer } from '@edicola/platform';
import {
  changeStaffRole,
  createStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
  resetStaffTwoFactor,
  setStaffActive,
} from '../staff/accounts';

/**
 * The Personale screen (admin only, docs/product/back-office.md#staff-accounts): the accounts, a new one, a
 * role, deactivation and reactivation, a temporary password, another admin's second factor reset. Each change
 * is in the audit trail; the last active admin cannot be deactivated or demoted (409).
 */
export function staffAccountRoutes(
  router: Router,
  options: { db: Db; verifier: TokenVerifier; bus: EventBus },
) {
  const { db, bus } = options;
  const serve = routeServer(router, options.verifier);

  serve(endpoint('GET /api/admin/staff'), (): Promise<StaffAccount[]> => listStaffAccounts(db));

  serve(endpoint('POST /api/admin/staff'), async ({ body }, _req, res): Promise<StaffTemporaryPassword> => {
    const created = await createStaffAccount(db, body, auditBy(bus, res));
    res.status(201);
    return created;
  });

  serve(endpoint('PUT /api/admin/staff/:id/role'), ({ params, body }, _req, res) =>
    changeStaffRole(db, params.id, body.role, auditBy(bus, res)),
  );

  serve(endpoint('POST /api/admin/staff/:id/deactivate'), ({ params }, _req, res) =>
    setStaffActive(db, params.id, false, auditBy(bus, res)),
  );

  serve(endpoint('POST /api/admin/staff/:id/reactivate'), ({ params }, _req, res) =>
    setStaffActive(db, params.id, true, auditBy(bus, res)),
  );

  serve(endpoint('POST /api/admin/staff/:id/reset-password'), ({ params }, _req, res) =>
    resetStaffPassword(db, params.id, auditBy(bus, res)),
  );

  serve(endpoint('DELETE /api/admin/staff/:id/two-factor'), ({ params }, _req, res) =>
    resetStaffTwoFactor(db, params.id, auditBy(bus, res)),
  );
}
