import request from 'supertest';
import { startTestService, type TestService } from '@edicola/platform/testing';
import { notifyService } from '../src/service';

const CONTROL = 'Non può contenere a capo né altri caratteri di controllo';

// A name ends up in an e-mail's headers and subject: a line break there would start a header of its own.
describe('svc-notify single-line fields', () => {
  let notify: TestService<unknown>;
  const api = () => request(notify.service.app);

  beforeAll(async () => {
    notify = await startTestService(notifyService, { env: {} });
  }, 60_000);
  afterAll(() => notify?.stop());

  it('refuses a contact name with CR/LF with 422', async () => {
    const res = await api().post('/contact/messages').send({
      name: 'Giuseppe\r\nBcc: tutti@example.it',
      email: 'giuseppe@example.it',
      messaggio: 'Avete il casco di Leclerc?\nGrazie',
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(CONTROL);
  });

  it('refuses a newsletter name with a control character with 422', async () => {
    const res = await api()
      .post('/newsletter/subscribe')
      .send({ email: 'lettore@example.it', name: 'Lettore\u001b[2J' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(CONTROL);
  });
});
