import { z } from 'zod';
import { singleLine } from './text';

/**
 * An article's typed attributes (docs/product/article-pages.md#attributes): a small set per kind of article,
 * chosen by its category. Cards follow Cardmarket's condition scale; a graded card names its grader, grade and
 * certificate; a model its scale and maker; a helmet its size or replica scale.
 */
// The values in a module without zod: the storefront's bundles read them (attribute-values.ts).
export {
  CARD_CONDITIONS,
  CARD_LANGUAGES,
  GRADERS,
  MODEL_SCALES,
  HELMET_SIZES,
  HELMET_REPLICA_SCALES,
  ATTRIBUTE_SETS,
  CATEGORY_ATTRIBUTE_SET,
  attributesOf,
  type CardCondition,
  type CardLanguage,
  type AttributeSet,
  type AttributeName,
} from './attribute-values';
import {
  CARD_CONDITIONS,
  CARD_LANGUAGES,
  GRADERS,
  MODEL_SCALES,
  HELMET_SIZES,
  HELMET_REPLICA_SCALES,
  attributesOf,
} from './attribute-values';

/** A certificate number as graders print them: letters, digits and dashes. */
const CERTIFICATE = /^[A-Za-z0-9-]{4,20}$/;

/**
 * The attributes as the API serves and takes them: every one optional; an absent or null one is not set.
 * Which ones an article may carry depends on its category (ArticleForm checks it).
 */
export const ArticleAttributes = z.strictObject(
  {
    condition: z.enum(CARD_CONDITIONS, 'Condizione non valida').nullish(),
    language: z.enum(CARD_LANGUAGES, 'Lingua della carta non valida').nullish(),
    edition: singleLine().trim().min(1).max(80, 'Edizione: massimo 80 caratteri').nullish(),
    grader: z.enum(GRADERS, 'Ente di gradazione non valido (PSA, BGS o CGC)').nullish(),
    grade: z
      .number('Il voto deve essere un numero da 1 a 10')
      .min(1, 'Il voto deve essere un numero da 1 a 10')
      .max(10, 'Il voto deve essere un numero da 1 a 10')
      .multipleOf(0.5, 'Il voto va da 1 a 10 a mezzi punti')
      .nullish(),
    certificate_number: z
      .string()
      .trim()
      .regex(CERTIFICATE, 'Numero di certificato non valido: da 4 a 20 lettere, cifre o trattini')
      .nullish(),
    scale: z.enum(MODEL_SCALES, 'Scala non valida').nullish(),
    maker: singleLine().trim().min(1).max(80, 'Produttore: massimo 80 caratteri').nullish(),
    size: z.enum(HELMET_SIZES, 'Taglia non valida').nullish(),
    replica_scale: z.enum(HELMET_REPLICA_SCALES, 'Scala della replica non valida').nullish(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Attributo sconosciuto' : 'Attributi non validi'),
  },
);
export type ArticleAttributes = z.infer<typeof ArticleAttributes>;

/**
 * The problems of `attributes` on an article of `category`, as Italian sentences (empty when none): an
 * attribute its category does not have, a grade or certificate without its grader.
 */
export function attributeProblems(category: string, attributes: ArticleAttributes): string[] {
  const allowed = new Set<string>(attributesOf(category));
  const problems: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && !allowed.has(name)) {
      problems.push(`L'attributo ${name} non è previsto per la categoria ${category}`);
    }
  }
  if ((attributes.grade != null || attributes.certificate_number != null) && attributes.grader == null) {
    problems.push('Voto e certificato richiedono l’ente di gradazione');
  }
  return problems;
}

/** The attributes without the unset ones: what the API stores and answers. */
export function setAttributes(attributes: ArticleAttributes): ArticleAttributes {
  return Object.fromEntries(
    Object.entries(attributes).filter(([, value]) => value !== null && value !== undefined),
  ) as ArticleAttributes;
}

/**
 * schema.org's itemCondition and the Merchant feed's condition of an article: a card in Mint condition, or
 * an article with no condition (sealed, new stock), is new; any lower grade of the scale is used
 * (docs/decisions/0051-article-pages-and-search.md).
 */
export function itemCondition(attributes: ArticleAttributes): 'new' | 'used' {
  return !attributes.condition || attributes.condition === 'mint' ? 'new' : 'used';
}
