import { describeTranslations } from '@edicola/web-testing';
import { checkoutTranslations } from './locales';
import { dialogTranslations } from './locales/dialog';

describeTranslations('checkout', checkoutTranslations);
describeTranslations('checkoutDialog', dialogTranslations);
