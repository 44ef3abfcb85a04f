import { z } from 'zod';
import { singleLine } from './text';
import { CustomerLanguage } from './language';

/**
 * POST /contact/messages: the /contatto form (docs/product/storefront.md#contact: name*, email*, telefono,
 * messaggio*).
 */
export const ContactMessageRequest = z.object({
  name: singleLine('Il nome è obbligatorio').trim().min(1, 'Il nome è obbligatorio').max(120),
  email: z
    .string({ message: "L'email è obbligatoria" })
    .trim()
    .min(1, "L'email è obbligatoria")
    .max(254)
    .pipe(z.email({ message: 'Inserisci un indirizzo email valido' })),
  telefono: z
    .string()
    .trim()
    .max(30, 'Telefono: massimo 30 caratteri')
    .regex(/^[+\d\s().-]*$/, 'Numero di telefono non valido')
    .nullish(),
  messaggio: z
    .string({ message: 'Il messaggio è obbligatorio' })
    .trim()
    .min(1, 'Il messaggio è obbligatorio')
    .max(5000, 'Messaggio: massimo 5000 caratteri'),
  /** The visitor's language: the copy to the sender is written in it. */
  language: CustomerLanguage,
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>;

export const ContactMessageResponse = z.object({ message: z.string() });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;
