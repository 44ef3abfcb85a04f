import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_DETAIL } from '@edicola/contracts';
import { HttpError } from '@edicola/platform';

/** How many of the most common passwords are refused (the list is ranked, most used first). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

// zxcvbn-ts' ranked list of common passwords (lower case), kept with the package.
const common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));

/** True for one of the 10,000 most common passwords, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** Refuses a common password as a new password with 422 (registration, password changes, staff users). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(422, COMMON_PASSWORD_DETAIL);
}
