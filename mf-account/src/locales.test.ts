import { describeTranslations } from '@edicola/web-testing';
import { accountTranslations } from './locales';

describeTranslations('account', accountTranslations);
