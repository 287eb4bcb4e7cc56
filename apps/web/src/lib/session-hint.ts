/**
 * A non-secret note, kept in this browser, that an admin signed in here and has not signed out.
 * The session itself is an HttpOnly cookie the console cannot read; the note only decides
 * whether the sign-in page asks the server who is signed in (and goes on to the dashboard).
 */
const KEY = 'back-office.signed-in';

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: the sign-in page simply always shows the form.
  }
}
