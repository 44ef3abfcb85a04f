/** The id of the message that explains what is wrong with the field `fieldId`. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/**
 * The attributes that tie a form field to its error message, for screen readers: invalid, and described by the
 * message (rendered with the id errorIdOf(fieldId)), only while there is an error.
 */
export function fieldErrorProps(
  fieldId: string,
  error: unknown,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  return error
    ? { 'aria-invalid': true, 'aria-describedby': errorIdOf(fieldId) }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}
