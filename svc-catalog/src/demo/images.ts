import sharp from 'sharp';

const PALETTES: Record<string, [string, string]> = {
  modellismo: ['#b3121d', '#5c0a10'],
  pokemon: ['#f7c948', '#2a6fdb'],
  caschi: ['#d4001a', '#1d1d1d'],
  trucks: ['#6b4f2a', '#2f2518'],
  'trucks new': ['#1f5f8b', '#0d2a3f'],
  tuning: ['#7b2cbf', '#240046'],
  panini: ['#ffd60a', '#e85d04'],
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/** A product picture drawn here from the title and category, so the demo needs no download. */
export async function renderDemoImage(title: string, category: string): Promise<Buffer> {
  const [from, to] = PALETTES[category.toLowerCase()] ?? ['#444', '#111'];
  const lines = wrap(title, 24)
    .map((l, i) => `<text x="60" y="${250 + i * 62}" class="t">${escapeXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <style>.t{font:700 48px 'DejaVu Sans',sans-serif;fill:#fff}.c{font:600 30px 'DejaVu Sans',sans-serif;fill:#fff;opacity:.85}.b{font:700 26px 'DejaVu Serif',serif;fill:#fff;opacity:.7}</style>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="690" cy="120" r="170" fill="#fff" opacity=".08"/><circle cx="90" cy="560" r="120" fill="#fff" opacity=".06"/>
  <rect x="60" y="70" rx="22" width="${Math.max(160, category.length * 23 + 50)}" height="54" fill="#000" opacity=".25"/>
  <text x="85" y="108" class="c">${escapeXml(category.toUpperCase())}</text>
  ${lines}
  <text x="60" y="550" class="b">Edicola · Napoli</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}
