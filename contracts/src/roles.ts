import type { StaffRole } from './auth';

// Who may do what in the back office (docs/decisions/0021-sessions-and-roles.md). `staff` run
// the shop day to day: articles, orders, shipments, reviews. Only `admin` may do what cannot be undone or
// moves money or rights: delete articles, reset payment data, refund, change shipping rules, manage staff.
// `cashier` works the counter (docs/product/counter.md#roles): sells, returns and closes the day there, and
// reads articles and orders; they change nothing else, and charge only the shop's prices.

/** Every staff role: the day-to-day work. */
export const ANY_STAFF = ['admin', 'staff'] as const satisfies readonly StaffRole[];
/** Whoever may work the counter, and read articles and orders. */
export const COUNTER_ROLES = ['admin', 'staff', 'cashier'] as const satisfies readonly StaffRole[];
/** Who may charge another price than the shop's at the counter (with a reason). */
export const PRICE_CHANGE_ROLES = ANY_STAFF;
/** Only the shop's administrators. */
export const ADMIN_ONLY = ['admin'] as const satisfies readonly StaffRole[];

/** The 403 detail while a generated password has not been changed. */
export const MUST_CHANGE_PASSWORD_DETAIL = 'Devi cambiare la password prima di continuare';

/** The 403 detail of a staff route the user's role does not admit. */
export const ADMIN_ONLY_DETAIL = 'Operazione riservata agli amministratori';
