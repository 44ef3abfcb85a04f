/** A zod schema as the shared client's answer check. */
export const parsedBy =
  <T>(schema: { parse(data: unknown): T }) =>
  (body: unknown): T =>
    schema.parse(body);
