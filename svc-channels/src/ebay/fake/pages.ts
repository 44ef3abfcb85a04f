// The fake eBay's two pages (decision 0047): plain HTML without scripts or inline styles, so the shop's
// Content-Security-Policy (default-src 'none') lets them show as they are.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** eBay's consent page: the seller allows the shop's app; the link takes the browser back to the shop. */
export function consentPage(redirect: string): string {
  return page(
    'eBay (demo): consenso',
    `<h1>eBay (demo)</h1>
<p>eBay (demo): consenti a Edicola di gestire le tue inserzioni e i tuoi ordini.</p>
<p>Edicola potrà pubblicare e modificare le inserzioni, leggere gli ordini e indicare le spedizioni.
Questo è l’eBay dimostrativo del negozio: nessun account eBay reale è coinvolto.</p>
<p><a href="${escape(redirect)}">Consenti</a></p>`,
  );
}

export function errorPage(message: string): string {
  return page('eBay (demo): errore', `<h1>eBay (demo)</h1>\n<p>${escape(message)}</p>`);
}

/** A listing's page on the fake eBay (where the back office's link to the listing goes). */
export function listingPage(listing: {
  listingId: string;
  title: string;
  price: string;
  quantity: number;
  active: boolean;
}): string {
  const price = `${listing.price.replace('.', ',')} €`;
  const state = !listing.active
    ? 'Inserzione terminata'
    : listing.quantity > 0
      ? `Disponibili: ${listing.quantity}`
      : 'Esaurito';
  return page(
    `${listing.title} | eBay (demo)`,
    `<h1>${escape(listing.title)}</h1>
<p>Prezzo: ${escape(price)}</p>
<p>${escape(state)}</p>
<p>Oggetto numero ${escape(listing.listingId)} sull’eBay dimostrativo del negozio.</p>`,
  );
}
