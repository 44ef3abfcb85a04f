import { describeTranslations } from '@edicola/web-testing';
import { checkoutTranslations } from './locales';

describeTranslations('checkout', checkoutTranslations);
