import type { StaffRole } from './auth';

// Who may do what in the back office (docs/decisions/0021-sessions-and-roles.md). `staff` run
// the shop day to day: articles, orders, shipments, reviews. Only `admin` may do what cannot be undone or
// moves money or rights: delete articles, reset payment data, refund, change shipping rules, manage staff.

/** Every staff role: the day-to-day work. */
export const ANY_STAFF = ['admin', 'staff'] as const satisfies readonly StaffRole[];
/** Only the shop's administrators. */
export const ADMIN_ONLY = ['admin'] as const satisfies readonly StaffRole[];

/** The 403 detail while a generated password has not been changed. */
export const MUST_CHANGE_PASSWORD_DETAIL = 'Devi cambiare la password prima di continuare';

/** The 403 detail of a staff route the user's role does not admit. */
export const ADMIN_ONLY_DETAIL = 'Operazione riservata agli amministratori';
