import { SHOP_INFO } from '@edicola/contracts';

/** The shop's contact details, hours, social links and marketplaces: one configuration in contracts. */
export const SHOP = SHOP_INFO;
