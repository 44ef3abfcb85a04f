/**
 * The storefront server paints the home page and the catalogue (and any page a remote renders that it has a
 * picture of) into index.html's root element before any JavaScript has arrived, from these same components
 * (server.tsx). React replaces it when the shell mounts. The remote arrives later than the shell (its code,
 * then its data), so its slot shows the server's paint meanwhile instead of a loading text: the page does not
 * blink empty between the two.
 */
let captured: { pathname: string; html: string } | undefined;

/** Keeps the server's picture of the remote page's slot; call before React first renders into the root. */
export function captureFirstPaint(doc: Document = document): void {
  const slot = doc.querySelector('#root > .first-paint .remote-page > .remote-slot > .first-paint');
  captured = slot ? { pathname: doc.location.pathname, html: slot.innerHTML } : undefined;
}

/** The server's picture of the remote page, if the page was loaded at `pathname` and it is still kept. */
export function firstPaintOf(pathname: string): string | undefined {
  return captured?.pathname === pathname ? captured.html : undefined;
}

/** Once the page has been shown, a later visit to it (in-app navigation) shows the loading text. */
export function forgetFirstPaint(): void {
  captured = undefined;
}

/**
 * What the visitor has typed in the search box of the server's paint, and whether they are still typing
 * there: the app's box takes it over when it replaces the paint (the replay only repeats clicks). Read while
 * the app first renders, before React replaces the paint; nothing in the server's render.
 */
export function firstPaintSearch(doc: Document | undefined = globalThis.document): {
  text: string;
  focused: boolean;
} | null {
  const field = doc?.querySelector<HTMLInputElement>('#root > .first-paint input[name="q"]');
  return field?.value ? { text: field.value, focused: doc!.activeElement === field } : null;
}
