import { centsToEuros, orderReference, type BankTransferDetails } from '@edicola/contracts';

/** An Irish-format IBAN with a valid checksum, used (and marked `demo`) when SHOP_IBAN is not configured. */
export const DEMO_IBAN = 'IE29AIBK93115212345678';
export const DEMO_HOLDER = 'Edicola – IBAN DIMOSTRATIVO, NON PAGARE';

export interface BankAccount {
  iban: string;
  holder: string;
  bankName: string | null;
  demo: boolean;
}

/** IBAN check (ISO 13616): letters to numbers, the first four characters moved to the end, mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export function bankAccountFrom(config: {
  SHOP_IBAN?: string;
  SHOP_IBAN_HOLDER?: string;
  SHOP_BANK_NAME?: string;
}): BankAccount {
  if (!config.SHOP_IBAN) return { iban: DEMO_IBAN, holder: DEMO_HOLDER, bankName: null, demo: true };
  return {
    iban: config.SHOP_IBAN.replace(/\s+/g, '').toUpperCase(),
    holder: config.SHOP_IBAN_HOLDER ?? 'Edicola',
    bankName: config.SHOP_BANK_NAME ?? null,
    demo: false,
  };
}

/** What the customer needs to pay an order by transfer: the account and the order reference as the reason. */
export function transferDetails(
  account: BankAccount,
  orderId: string,
  totalCents: number,
): BankTransferDetails {
  return {
    iban: account.iban,
    holder: account.holder,
    bank_name: account.bankName,
    payment_reason: orderReference(orderId),
    amount: centsToEuros(totalCents),
    demo: account.demo,
  };
}
