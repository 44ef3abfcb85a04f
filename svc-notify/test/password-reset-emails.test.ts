import { waitFor } from '@edicola/platform/testing';
import { expectClean, newId, startHarness, textOf, WEB, type Harness } from './notify-harness';

jest.setTimeout(30_000);

// docs/product/account.md#password-reset
describe('the password-reset e-mail through a real SMTP server', () => {
  let h: Harness;
  const reset = (email: string, language: 'it' | 'de') => ({
    reset_id: newId(),
    account: 'customer' as const,
    email,
    name: 'Anna',
    token: `tok-${language}-1`,
    language,
    expires_at: '2026-11-29T17:00:00.000Z',
  });

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it("sends the link in the request's language, with the page's language prefix and the hour it ends", async () => {
    await h.settled([
      await h.emit('account.password_reset_requested', reset('anna@example.it', 'it')),
      await h.emit('account.password_reset_requested', reset('hans@example.de', 'de')),
    ]);
    const italian = await waitFor(() => h.mailsTo('anna@example.it')[0]);
    expect(italian.subject).toBe('Reimposta la password di Edicola Napoli');
    expect(String(italian.html)).toContain(`href="${WEB}/reimposta-password?token=tok-it-1"`);
    expect(textOf(italian)).toContain('fino al 29 novembre 2026');
    expect(textOf(italian)).toContain('18:00');
    expectClean(italian);

    const german = await waitFor(() => h.mailsTo('hans@example.de')[0]);
    expect(german.subject).toBe('Passwort bei Edicola Napoli zurücksetzen');
    expect(String(german.html)).toContain(`href="${WEB}/de/reimposta-password?token=tok-de-1"`);
    expect(textOf(german)).toContain('Hallo Anna,');
    expectClean(german);
  });

  it('sends one e-mail per request, however often its event comes', async () => {
    const event = reset('carlo@example.it', 'it');
    await h.settled([
      await h.emit('account.password_reset_requested', event),
      await h.emit('account.password_reset_requested', event),
    ]);
    expect(h.mailsTo('carlo@example.it')).toHaveLength(1);
  });
});
