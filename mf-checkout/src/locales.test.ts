import { describeTranslations } from '@edicola/web-testing';
import { checkoutTranslations } from './locales';
import { dialogTranslations } from './locales/dialog';
import { paymentTranslations } from './locales/payment';

describeTranslations('checkout', checkoutTranslations);
describeTranslations('checkoutDialog', dialogTranslations);
describeTranslations('checkoutPayment', paymentTranslations);
