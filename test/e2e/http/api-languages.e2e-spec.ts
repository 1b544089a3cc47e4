import { createOrderWithProduct, createProduct } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { uniqueClientIp } from '@test/support/http-clients';
import { ProbeModule } from '@test/support/probe.module';
import { useTestApp } from '@test/support/test-app';

/** The same request without the header, in English and in Spanish: the first two answer alike. */
async function inEachLanguage(send: (language: string | undefined) => PromiseLike<{ status: number; body: Record<string, unknown> }>) {
  const none = await send(undefined);
  const english = await send('en-US,en;q=0.9');
  const spanish = await send('es-HN,es;q=0.9,en;q=0.8');
  expect(english.status).toBe(none.status);
  expect(spanish.status).toBe(none.status);
  expect(english.body).toEqual(none.body);
  return { status: none.status, english: none.body, spanish: spanish.body };
}

function withLanguage<T extends { set(name: string, value: string): T }>(request: T, language: string | undefined): T {
  return language ? request.set('Accept-Language', language) : request;
}

// Error texts follow Accept-Language (docs/http-contract.md, "Languages"): Spanish when the header
// names Spanish first, the English wording unchanged otherwise; field names never change.
describe('API messages in the reader language', () => {
  const t = useTestApp({ imports: [ProbeModule] });

  it('words validation errors (422) in Spanish, field by field, with the same field names', async () => {
    const { token } = await createTenantWithOwner(t);
    const answer = await inEachLanguage((language) =>
      withLanguage(t.http().post('/api/v1/merchant/products').set(authHeader(token)), language).send({
        price: -1,
        stock: 2.5,
        colour: 'red',
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.english).toEqual({
      message: 'The colour field is not allowed. (and 3 more errors)',
      errors: {
        name: ['The name field is required.'],
        price: ['The price must be at least 0.'],
        stock: ['The stock must be an integer.'],
        colour: ['The colour field is not allowed.'],
      },
    });
    expect(answer.spanish).toEqual({
      message: 'El campo colour no está permitido. (y 3 errores más)',
      errors: {
        name: ['El campo name es obligatorio.'],
        price: ['El campo price debe ser al menos 0.'],
        stock: ['El campo stock debe ser un número entero.'],
        colour: ['El campo colour no está permitido.'],
      },
    });
  });

  it('words class-validator messages of nested fields in Spanish', async () => {
    const answer = await inEachLanguage((language) =>
      withLanguage(t.http().post('/test-probe/validate'), language).send({
        name: 'far too long a name',
        items: [{ product_id: 'x', quantity: 1 }],
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.english.errors).toEqual({
      name: ['name must be shorter than or equal to 10 characters'],
      'items.0.product_id': ['items.0.product_id must not be less than 1', 'items.0.product_id must be an integer number'],
    });
    expect(answer.spanish.errors).toEqual({
      name: ['El campo name debe tener 10 caracteres o menos'],
      'items.0.product_id': [
        'El campo items.0.product_id no puede ser menor que 1',
        'El campo items.0.product_id debe ser un número entero',
      ],
    });
  });

  it('words a missing resource (404) in Spanish', async () => {
    const { token } = await createTenantWithOwner(t);
    const answer = await inEachLanguage((language) =>
      withLanguage(t.http().get('/api/v1/orders/2147483000').set(authHeader(token)), language),
    );
    expect(answer).toEqual({ status: 404, english: { message: 'Order not found.' }, spanish: { message: 'Pedido no encontrado.' } });
  });

  it('words a conflict (409) in Spanish, other fields unchanged', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    const product = await createProduct(t, tenant.id);
    await createOrderWithProduct(t, tenant.id, product.id);
    const answer = await inEachLanguage((language) =>
      withLanguage(t.http().delete(`/api/v1/merchant/products/${product.id}`).set(authHeader(token)), language),
    );
    expect(answer.status).toBe(409);
    expect(answer.english.message).toBe(
      'This product appears in orders and cannot be deleted. Deactivate it instead (PATCH is_active: false).',
    );
    expect(answer.spanish).toEqual({
      ...answer.english,
      message: 'Este producto aparece en pedidos y no se puede eliminar. Desactívelo en su lugar (PATCH is_active: false).',
    });
  });

  it('words refusals of who is asking (401, 403) in Spanish', async () => {
    const unauthenticated = await inEachLanguage((language) => withLanguage(t.http().get('/api/v1/orders'), language));
    expect(unauthenticated).toEqual({
      status: 401,
      english: { message: 'Unauthenticated.' },
      spanish: { message: 'No ha iniciado sesión.' },
    });

    const { token } = await createUser(t);
    const forbidden = await inEachLanguage((language) => withLanguage(t.http().get('/api/v1/orders').set(authHeader(token)), language));
    expect(forbidden).toEqual({
      status: 403,
      english: { message: 'You do not belong to a shop yet.' },
      spanish: { message: 'Usted aún no pertenece a ninguna tienda.' },
    });
  });

  it('words a domain refusal in Spanish', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    const product = await createProduct(t, tenant.id);
    const order = await createOrderWithProduct(t, tenant.id, product.id);
    const move = (status: string, language?: string) =>
      withLanguage(t.http().patch(`/api/v1/orders/${order.id}/status`).set(authHeader(token)), language).send({ status });
    expect((await move('ready')).status).toBe(200);
    const answer = await inEachLanguage((language) => move('pending', language));
    expect(answer.status).toBe(422);
    expect(answer.english).toEqual({
      message: 'An order cannot go back from ready to pending.',
      errors: { status: ['An order cannot go back from ready to pending.'] },
    });
    expect(answer.spanish).toEqual({
      message: 'Un pedido no puede volver de ready a pending.',
      errors: { status: ['Un pedido no puede volver de ready a pending.'] },
    });
  });

  it('reads the first language of the header the service speaks', async () => {
    const ask = (language: string) => t.http().get('/api/v1/orders').set('Accept-Language', language);
    expect((await ask('fr-FR,es;q=0.8')).body).toEqual({ message: 'No ha iniciado sesión.' });
    expect((await ask('es-419')).body).toEqual({ message: 'No ha iniciado sesión.' });
    expect((await ask('en-GB,es;q=0.9')).body).toEqual({ message: 'Unauthenticated.' });
    expect((await ask('fr, de')).body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('API messages in the reader language: limits', () => {
  const t = useTestApp({ imports: [ProbeModule], env: { THROTTLE_API: '2/60' } });

  it('words the rate limit (429) in Spanish', async () => {
    const refused = async (language: string | undefined) => {
      const ip = uniqueClientIp();
      for (let i = 0; i < 2; i++) expect((await t.http().get('/test-probe/default-group').set('X-Forwarded-For', ip)).status).toBe(200);
      return withLanguage(t.http().get('/test-probe/default-group').set('X-Forwarded-For', ip), language);
    };
    const answer = await inEachLanguage(refused);
    expect(answer).toEqual({ status: 429, english: { message: 'Too Many Attempts.' }, spanish: { message: 'Demasiados intentos.' } });
  });
});
