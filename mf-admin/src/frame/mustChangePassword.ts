/** Set at login when the server asks for a new password; the back office shows nothing else until then. */
const KEY = 'staff_must_change_password';

export const mustChangePassword = (storage: Storage = window.localStorage) => storage.getItem(KEY) === 'true';

export function setMustChangePassword(value: boolean, storage: Storage = window.localStorage) {
  if (value) storage.setItem(KEY, 'true');
  else storage.removeItem(KEY);
}
