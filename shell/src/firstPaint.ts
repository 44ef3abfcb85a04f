/**
 * The storefront server paints the home page and the catalogue into index.html's root element before any
 * JavaScript has arrived, from these same components (server.tsx). React replaces it when the shell mounts.
 * The catalogue arrives later than the shell (its remote, then its articles), so its slot shows the server's
 * paint of the catalogue meanwhile instead of a loading text: the page does not blink empty between the two.
 */
let captured: { pathname: string; html: string } | undefined;

/** Keeps the server's picture of the catalogue's slot; call before React first renders into the root. */
export function captureFirstPaint(doc: Document = document): void {
  const slot = doc.querySelector('#root > .first-paint .remote-slot-CatalogPage > .first-paint');
  captured = slot ? { pathname: doc.location.pathname, html: slot.innerHTML } : undefined;
}

/** The server's picture of the catalogue, if the page was loaded at `pathname` and it is still kept. */
export function firstPaintOf(pathname: string): string | undefined {
  return captured?.pathname === pathname ? captured.html : undefined;
}

/** Once the catalogue has been shown, a later visit to it (in-app navigation) shows the loading text. */
export function forgetFirstPaint(): void {
  captured = undefined;
}
