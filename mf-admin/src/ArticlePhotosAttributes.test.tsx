import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ERROR_CODES,
  INVALID_EAN_DETAIL,
  PHOTO_ERRORS,
  type AdminArticle,
  type ArticlePhoto,
} from '@edicola/contracts';
import { initTestI18n, type ServedCall } from './testSupport';
import {
  API,
  renderAdminAt,
  sampleArticle,
  samplePhoto,
  sent,
  staffApi,
  type Handlers,
} from './testFixtures';

const ID = sampleArticle().id;
const PHOTOS = `/api/articles/${ID}/photos`;
const jpeg = (name: string) => new File([new Uint8Array([255, 216, 255])], name, { type: 'image/jpeg' });

/**
 * The back office with one article that has `photos`, and a photo API that keeps them as svc-catalog would:
 * a POST adds one at the end, a PUT takes the order and alt texts it names, a DELETE takes one away.
 */
function shop(photos: ArticlePhoto[], extra: Handlers = {}, changes: Partial<AdminArticle> = {}) {
  let article = sampleArticle({ photos, photo_url: photos[0]?.url ?? null, ...changes });
  const answer = (next: ArticlePhoto[]): [number, AdminArticle] => {
    article = { ...article, photos: next, photo_url: next[0]?.url ?? null, version: article.version + 1 };
    return [200, article];
  };
  let added = 0;
  return staffApi({
    'GET /api/articles': () => [200, { items: [article], total: 1, page: 1, page_size: 20 }],
    'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
    [`GET /api/articles/${ID}/stock-movements`]: () => [200, []],
    [`POST ${PHOTOS}`]: (call: ServedCall) => {
      const form = call.body as FormData;
      added += 1;
      return answer([...article.photos, { ...samplePhoto(added + 20), alt: String(form.get('alt')) }]);
    },
    [`PUT ${PHOTOS}`]: (call: ServedCall) => {
      const order = (call.body as { photos: { id: string; alt: string }[] }).photos;
      return answer(order.map(({ id, alt }) => ({ ...article.photos.find((p) => p.id === id)!, alt })));
    },
    ...Object.fromEntries(
      photos.map((photo) => [
        `DELETE ${PHOTOS}/${photo.id}`,
        () => answer(article.photos.filter((p) => p.id !== photo.id)),
      ]),
    ),
    ...extra,
  });
}

async function openEdit() {
  renderAdminAt('/gestione/articoli');
  fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Modifica articolo' });
}

/** The photos' image addresses in the order shown, and which tile carries the cover badge. */
const tiles = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('photo-tile')
    .map((tile) => ({
      src: tile.querySelector('img')!.getAttribute('src'),
      cover: within(tile).queryByText('Copertina') !== null,
    }));
const order = (calls: ServedCall[], n: number) =>
  (sent(calls, 'PUT', PHOTOS)[n]!.body as { photos: { id: string }[] }).photos.map((p) => p.id);

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe("Articoli: an article's photos", () => {
  it('checks each file in the browser, uploads the others one by one and refuses the 11th photo', async () => {
    const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => samplePhoto(n));
    const calls = shop(nine);
    const dialog = await openEdit();
    expect(within(dialog).getByRole('heading', { name: 'Foto (9 di 10)' })).toBeTruthy();
    const pdf = new File(['%PDF'], 'scheda.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Aggiungi foto'), {
      target: { files: [pdf, jpeg('retro.jpg'), jpeg('undicesima.jpg')] },
    });
    await within(dialog).findByRole('heading', { name: 'Foto (10 di 10)' });
    const uploads = within(dialog)
      .getAllByTestId('photo-upload')
      .map((li) => li.textContent);
    expect(uploads).toEqual([
      `scheda.pdf ${PHOTO_ERRORS.type}`,
      'retro.jpg Caricata',
      `undicesima.jpg ${PHOTO_ERRORS.limit}`,
    ]);
    // Only the file that fits was sent, with the title as its alt text.
    const posts = sent(calls, 'POST', PHOTOS);
    expect(posts).toHaveLength(1);
    expect(((posts[0]!.body as FormData).get('photo') as File).name).toBe('retro.jpg');
    expect((posts[0]!.body as FormData).get('alt')).toBe('Ferrari 312T');
    // Full: no more files may be chosen.
    expect((within(dialog).getByLabelText('Aggiungi foto') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText(PHOTO_ERRORS.limit, { selector: 'p' })).toBeTruthy();
  });

  it("shows the server's refusal on its own file and keeps the others", async () => {
    let posts = 0;
    const calls = shop([samplePhoto(1)], {
      [`POST ${PHOTOS}`]: () => {
        posts += 1;
        return posts === 1
          ? [422, { detail: 'Il file non è un’immagine valida', code: ERROR_CODES.photoType }]
          : [200, sampleArticle({ photos: [samplePhoto(1), samplePhoto(2)], version: 4 })];
      },
    });
    const dialog = await openEdit();
    fireEvent.change(within(dialog).getByLabelText('Aggiungi foto'), {
      target: { files: [jpeg('finta.jpg'), jpeg('vera.jpg')] },
    });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('photo-upload')
          .map((li) => li.textContent),
      ).toEqual(['finta.jpg Il file non è un’immagine valida', 'vera.jpg Caricata']),
    );
    expect(sent(calls, 'POST', PHOTOS)).toHaveLength(2);
    expect(tiles(dialog)).toHaveLength(2);
  });

  it('reorders by buttons and by drag and drop, saving the complete order; the cover badge follows', async () => {
    const [a, b, c] = [samplePhoto(1), samplePhoto(2), samplePhoto(3)];
    const calls = shop([a, b, c]);
    const dialog = await openEdit();
    expect(tiles(dialog)).toEqual([
      { src: `${API}${a.url}`, cover: true },
      { src: `${API}${b.url}`, cover: false },
      { src: `${API}${c.url}`, cover: false },
    ]);
    expect(
      (within(dialog).getByRole('button', { name: 'Sposta prima: foto 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sposta prima: foto 2' }));
    await waitFor(() => expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(1));
    expect(order(calls, 0)).toEqual([b.id, a.id, c.id]);
    await waitFor(() => expect(tiles(dialog)[0]).toEqual({ src: `${API}${b.url}`, cover: true }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sposta dopo: foto 1' }));
    await waitFor(() => expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(2));
    expect(order(calls, 1)).toEqual([a.id, b.id, c.id]);

    // The third photo dragged onto the first becomes the cover.
    await waitFor(() => expect(tiles(dialog)[0]!.src).toBe(`${API}${a.url}`));
    const [first, , third] = within(dialog).getAllByTestId('photo-tile');
    fireEvent.dragStart(third!);
    fireEvent.dragOver(first!);
    fireEvent.drop(first!);
    await waitFor(() => expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(3));
    expect(order(calls, 2)).toEqual([c.id, a.id, b.id]);
    await waitFor(() => expect(tiles(dialog).map((tile) => tile.cover)).toEqual([true, false, false]));
    expect(tiles(dialog)[0]!.src).toBe(`${API}${c.url}`);
  });

  it('saves an alt text when its field is left, and puts back order and text when the server refuses', async () => {
    const [a, b] = [samplePhoto(1), samplePhoto(2)];
    let refuse = false;
    const calls = shop([a, b], {
      [`PUT ${PHOTOS}`]: (call: ServedCall) =>
        refuse
          ? [500, { detail: 'guasto' }]
          : [
              200,
              sampleArticle({
                photos: (call.body as { photos: { id: string; alt: string }[] }).photos.map((p) => ({
                  ...(p.id === a.id ? a : b),
                  alt: p.alt,
                })),
              }),
            ],
    });
    const dialog = await openEdit();
    const alt = within(dialog).getByLabelText('Testo alternativo: foto 2');
    fireEvent.change(alt, { target: { value: 'Retro della scatola' } });
    fireEvent.blur(alt);
    await waitFor(() => expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(1));
    expect((sent(calls, 'PUT', PHOTOS)[0]!.body as { photos: unknown[] }).photos).toEqual([
      { id: a.id, alt: 'Ferrari 312T' },
      { id: b.id, alt: 'Retro della scatola' },
    ]);
    // Leaving the field unchanged sends nothing.
    fireEvent.blur(alt);
    expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(1);

    refuse = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sposta prima: foto 2' }));
    expect(await within(dialog).findByText('Errore nel salvataggio delle foto')).toBeTruthy();
    expect(tiles(dialog).map((tile) => tile.src)).toEqual([`${API}${a.url}`, `${API}${b.url}`]);
    expect((within(dialog).getByLabelText('Testo alternativo: foto 2') as HTMLInputElement).value).toBe(
      'Retro della scatola',
    );
  });

  it('deletes a photo after a confirmation; the next one becomes the cover', async () => {
    const [a, b] = [samplePhoto(1), samplePhoto(2)];
    const calls = shop([a, b]);
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina: foto 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminare la foto?' });
    expect(within(confirm).getByText("La foto 1 sarà eliminata dall'articolo.")).toBeTruthy();
    expect(sent(calls, 'DELETE', `${PHOTOS}/${a.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(tiles(dialog)).toEqual([{ src: `${API}${b.url}`, cover: true }]));
    expect(sent(calls, 'DELETE', `${PHOTOS}/${a.id}`)).toHaveLength(1);
  });

  it('saves the form with the version the photo routes answered (no stale edit after a move)', async () => {
    const calls = shop([samplePhoto(1), samplePhoto(2)], {
      [`PUT /api/articles/${ID}`]: () => [200, sampleArticle()],
    });
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sposta dopo: foto 1' }));
    await waitFor(() => expect(sent(calls, 'PUT', PHOTOS)).toHaveLength(1));
    await waitFor(() => expect(tiles(dialog)[0]!.src).toBe(`${API}${samplePhoto(2).url}`));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent(calls, 'PUT', `/api/articles/${ID}`)).toHaveLength(1));
    expect((sent(calls, 'PUT', `/api/articles/${ID}`)[0]!.body as FormData).get('version')).toBe('4');
  });

  it('creates an article with one photo and its alt text, and says the others come after saving', async () => {
    const calls = shop([], { 'POST /api/articles': () => [201, sampleArticle({ id: 'new-1' })] });
    renderAdminAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuovo articolo' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo articolo' });
    expect(within(dialog).queryByLabelText('Aggiungi foto')).toBeNull();
    expect(within(dialog).getByText(/Dopo il salvataggio, modificando l'articolo/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('SKU *'), { target: { value: 'CASCO-1' } });
    fireEvent.change(within(dialog).getByLabelText('Titolo *'), { target: { value: 'Casco Leclerc' } });
    fireEvent.change(within(dialog).getByLabelText('Descrizione *'), { target: { value: 'Replica 1:2' } });
    fireEvent.change(within(dialog).getByLabelText('Foto'), { target: { files: [jpeg('fronte.jpg')] } });
    fireEvent.change(within(dialog).getByLabelText('Testo alternativo'), {
      target: { value: 'Casco visto di fronte' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByTestId('link-panel');
    const form = sent(calls, 'POST', '/api/articles')[0]!.body as FormData;
    expect((form.get('photo') as File).name).toBe('fronte.jpg');
    expect(form.get('photo_alt')).toBe('Casco visto di fronte');
  });
});

describe('Articoli: attributes by category', () => {
  const cardFields = [
    'Condizione',
    'Lingua della carta',
    'Edizione',
    'Ente di gradazione',
    'Voto',
    'Numero di certificato',
  ];

  it("shows the category's fields, sends only theirs as JSON, and follows a change of category", async () => {
    const calls = shop([], { 'POST /api/articles': () => [201, sampleArticle({ id: 'new-2' })] });
    renderAdminAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuovo articolo' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo articolo' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    expect(within(dialog).queryByLabelText('Condizione')).toBeNull();
    fill('SKU *', 'CHARIZARD-151');
    fill('Titolo *', 'Charizard ex 151');
    fill('Descrizione *', 'Carta 199/165');
    fill('Categoria *', 'Pokemon');
    for (const label of cardFields) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    const condition = within(dialog).getByLabelText('Condizione') as HTMLSelectElement;
    expect([...condition.options].map((o) => o.text)).toEqual([
      '—',
      'Mint',
      'Near Mint',
      'Excellent',
      'Good',
      'Light Played',
      'Played',
      'Poor',
    ]);
    const language = within(dialog).getByLabelText('Lingua della carta') as HTMLSelectElement;
    expect([...language.options].slice(1, 4).map((o) => o.text)).toEqual([
      'Italiano',
      'Inglese',
      'Giapponese',
    ]);
    fill('Condizione', 'near_mint');
    fill('Lingua della carta', 'it');
    fill('Ente di gradazione', 'PSA');
    fill('Voto', '9.5');
    fill('Numero di certificato', '12345678');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByTestId('link-panel');
    let form = sent(calls, 'POST', '/api/articles')[0]!.body as FormData;
    expect(JSON.parse(String(form.get('attributes')))).toEqual({
      condition: 'near_mint',
      language: 'it',
      grader: 'PSA',
      grade: 9.5,
      certificate_number: '12345678',
    });

    // A model: the card's fields go, with their values; the scale and maker come.
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo articolo' }));
    const next = await screen.findByRole('dialog', { name: 'Nuovo articolo' });
    const set = (label: string, value: string) =>
      fireEvent.change(within(next).getByLabelText(label), { target: { value } });
    set('SKU *', 'SF23');
    set('Titolo *', 'Ferrari SF-23');
    set('Descrizione *', 'Leclerc');
    set('Categoria *', 'Pokemon');
    set('Condizione', 'mint');
    set('Categoria *', 'Modellismo');
    for (const label of cardFields) expect(within(next).queryByLabelText(label)).toBeNull();
    set('Scala', '1:18');
    set('Produttore', 'Bburago');
    fireEvent.click(within(next).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/articles')).toHaveLength(2));
    form = sent(calls, 'POST', '/api/articles')[1]!.body as FormData;
    expect(JSON.parse(String(form.get('attributes')))).toEqual({ scale: '1:18', maker: 'Bburago' });
  });

  it("shows the server's refusal of a grade without its grader, and a certificate already used on its field", async () => {
    const card = { category: 'Pokemon', attributes: { condition: 'near_mint' as const } };
    let answer: [number, unknown] = [422, { detail: 'Voto e certificato richiedono l’ente di gradazione' }];
    const calls = shop([], { [`PUT /api/articles/${ID}`]: () => answer }, card);
    const dialog = await openEdit();
    expect((within(dialog).getByLabelText('Condizione') as HTMLSelectElement).value).toBe('near_mint');
    fireEvent.change(within(dialog).getByLabelText('Voto'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Voto e certificato richiedono l’ente di gradazione',
    );
    const sentForm = sent(calls, 'PUT', `/api/articles/${ID}`)[0]!.body as FormData;
    expect(JSON.parse(String(sentForm.get('attributes')))).toEqual({ condition: 'near_mint', grade: 10 });

    answer = [
      409,
      {
        detail: 'Il certificato PSA 12345678 è già di un altro articolo',
        code: ERROR_CODES.certificateTaken,
      },
    ];
    fireEvent.change(within(dialog).getByLabelText('Ente di gradazione'), { target: { value: 'PSA' } });
    fireEvent.change(within(dialog).getByLabelText('Numero di certificato'), {
      target: { value: '12345678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    const certificate = within(dialog).getByLabelText('Numero di certificato');
    await waitFor(() => expect(certificate.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(certificate.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Il certificato PSA 12345678 è già di un altro articolo',
    );
    // The field's problem goes when the number changes.
    fireEvent.change(certificate, { target: { value: '87654321' } });
    expect(certificate.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the attributes in the list row, compactly', async () => {
    shop(
      [],
      {},
      {
        category: 'Pokemon',
        attributes: { condition: 'near_mint', language: 'it', grader: 'PSA', grade: 10 },
      },
    );
    renderAdminAt('/gestione/articoli');
    expect((await screen.findByTestId('article-attributes', {}, { timeout: 5000 })).textContent).toBe(
      'NM · IT · PSA 10',
    );
  });
});

describe("Articoli: the article's EAN", () => {
  it('shows the stored barcode in the form and checks the check digit before sending', async () => {
    const calls = shop([], {}, { ean: '8001234567897' });
    const dialog = await openEdit();
    const ean = within(dialog).getByLabelText('Codice a barre (EAN)') as HTMLInputElement;
    expect(ean.value).toBe('8001234567897');
    fireEvent.change(ean, { target: { value: '8001234567890' } });
    expect(ean.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(INVALID_EAN_DETAIL);
    expect(sent(calls, 'PUT', `/api/articles/${ID}`)).toHaveLength(0);
  });
});
