import { describeTranslations } from '@edicola/web-testing';
import { adminTranslations } from './locales';

describeTranslations('admin', adminTranslations);
