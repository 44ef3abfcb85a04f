import { describeTranslations } from '@edicola/web-testing';
import { PaymentStatus } from '@edicola/contracts';
import { accountTranslations } from './locales';

describeTranslations('account', accountTranslations);

describe("the order history's payment badge", () => {
  it('names every payment status of the contracts in every language (partial refunds included)', () => {
    for (const [language, resources] of Object.entries(accountTranslations)) {
      const labels: Record<string, string> = resources.paymentStatus;
      for (const status of PaymentStatus.options) {
        expect([language, status, typeof labels[status]]).toEqual([language, status, 'string']);
      }
    }
    expect(accountTranslations.it.paymentStatus.partially_refunded).toBe('Rimborsato in parte');
  });
});
