import type { CustomerListRow } from '@edicola/contracts';

/** A customer's page in the back office: an account's by its id, a guest's by the e-mail of their orders. */
export const customerPath = (customer: Pick<CustomerListRow, 'id' | 'email'>) =>
  customer.id
    ? `/gestione/clienti/${encodeURIComponent(customer.id)}`
    : `/gestione/clienti/ospite?email=${encodeURIComponent(customer.email)}`;

/** How long the search waits after the last key before it asks (docs/product/back-office.md#customer-list). */
export const SEARCH_DELAY_MS = 300;
