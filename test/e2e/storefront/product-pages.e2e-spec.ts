import { randomUUID } from 'node:crypto';
import { createProduct } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

/** A product's own page as a crawler or a browser without JavaScript gets it (storefront.md, "Product pages"). */
describe('Hosted product pages: the raw HTML (storefront.md)', () => {
  const t = useTestApp();
  // The test app's APP_URL (test/support/test-env.ts): canonical and Open Graph addresses are built on it.
  const APP_URL = 'http://localhost:3000';

  const slugFor = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  const get = (path: string, headers: Record<string, string> = {}) => {
    const request = t.http().get(path);
    for (const [name, value] of Object.entries(headers)) request.set(name, value);
    return request;
  };
  const jsonLdBlocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"/>`).exec(html)?.[1] ?? null;

  it('serves the canonical page: title, h1, price, availability, description, image, Add to cart, canonical, Open Graph and JSON-LD', async () => {
    const slug = slugFor('cafe');
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Café Niño' } });
    const product = await createProduct(t, shop.tenant.id, {
      name: 'Café molido 1 kg',
      price: '1250.50',
      stock: 40,
      description: 'Tostado cada semana en Marcala.',
      imageUrl: 'https://cdn.example.com/cafe.jpg?w=400&h=400',
    });
    const canonical = `/s/${slug}/p/${product.id}-cafe-molido-1-kg`;

    const res = await get(canonical);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-language']).toBe('es');
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers.etag).toMatch(/^"/);
    const html = res.text;
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(html).toContain('<title>Café molido 1 kg · Café Niño</title>');
    expect(html).toContain('<h1 id="product-name">Café molido 1 kg</h1>');
    expect(html).toContain('<p class="product-price">L 1,250.50</p>');
    expect(html).toContain('>Disponible<');
    expect(html).not.toMatch(/\b40\b/);
    expect(html).toContain('Tostado cada semana en Marcala.');
    expect(html).toContain('<img src="https://cdn.example.com/cafe.jpg?w=400&amp;h=400" alt="Café molido 1 kg"');
    expect(html).toMatch(/<button type="button" class="button button-primary" data-add-to-cart="">Agregar al carrito<\/button>/);
    expect(html).toContain(`data-product-id="${product.id}" data-name="Café molido 1 kg" data-price="1250.50"`);
    expect(html).toContain(`<a href="/s/${slug}">`);
    expect(html).toContain('<meta name="description" content="Tostado cada semana en Marcala."/>');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}${canonical}"/>`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Café molido 1 kg · Café Niño');
    expect(meta(html, 'og:url')).toBe(`${APP_URL}${canonical}`);
    expect(meta(html, 'og:image')).toBe('https://cdn.example.com/cafe.jpg?w=400&amp;h=400');
    const config = JSON.parse(/<script type="application\/json" id="shop-config">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(config).toMatchObject({ tenantId: shop.tenant.id, slug, page: 'product' });

    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Café molido 1 kg',
      url: `${APP_URL}${canonical}`,
      description: 'Tostado cada semana en Marcala.',
      image: 'https://cdn.example.com/cafe.jpg?w=400&h=400',
      offers: { '@type': 'Offer', price: '1250.50', priceCurrency: 'HNL', availability: 'https://schema.org/InStock' },
    });

    // 304 for the same tag; English texts.
    expect((await get(canonical, { 'If-None-Match': res.headers.etag })).status).toBe(304);
    const english = await get(canonical, { 'Accept-Language': 'en' });
    expect(english.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(english.text).toContain('>Add to cart</button>');
    expect(english.text).toContain('>In stock<');
  });

  it('says sold out (never the units) and leaves og:image out without an image', async () => {
    const slug = slugFor('agotado');
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Pulpería' } });
    const gone = await createProduct(t, shop.tenant.id, { name: 'Taza', price: '99.90', stock: 0 });
    const html = (await get(`/s/${slug}/p/${gone.id}-taza`)).text;
    expect(html).toContain('>Agotado<');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Agregar al carrito<\/button>/);
    expect(html).not.toContain('og:image');
    expect(JSON.parse(jsonLdBlocks(html)[0]).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('answers 301 to the canonical address from the id alone, a wrong name and capitals in the slug', async () => {
    const slug = slugFor('redirect');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const product = await createProduct(t, shop.tenant.id, { name: 'Pan Dulce Grande' });
    const canonical = `/s/${slug}/p/${product.id}-pan-dulce-grande`;
    for (const path of [`/s/${slug}/p/${product.id}`, `/s/${slug}/p/${product.id}-otro-nombre`, `/s/${slug}/p/${product.id}-`]) {
      const res = await get(path);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({ path, status: 301, location: canonical });
    }
    const upper = await get(`/s/${slug.toUpperCase()}/p/${product.id}`);
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe(`/s/${slug}/p/${product.id}`);
    // A name with no letter or digit: the id alone is the canonical address.
    const symbols = await createProduct(t, shop.tenant.id, { name: '¡¿…?!' });
    expect((await get(`/s/${slug}/p/${symbols.id}`)).status).toBe(200);
    expect((await get(`/s/${slug}/p/${symbols.id}-x`)).headers.location).toBe(`/s/${slug}/p/${symbols.id}`);
  });

  it("answers 404 with the not-found page for an inactive, unknown or other shop's product, and for an unknown shop", async () => {
    const slug = slugFor('mine');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const other = await createTenantWithOwner(t, { tenant: { slug: slugFor('other') } });
    const inactive = await createProduct(t, shop.tenant.id, { name: 'Archivado', isActive: false });
    const foreign = await createProduct(t, other.tenant.id, { name: 'Ajeno' });
    for (const path of [
      `/s/${slug}/p/${inactive.id}-archivado`,
      `/s/${slug}/p/${inactive.id}`,
      `/s/${slug}/p/${foreign.id}-ajeno`,
      `/s/${slug}/p/2147483000`,
      `/s/${slug}/p/99999999999999`,
      `/s/${slug}/p/abc`,
      `/s/${slug}/p/0`,
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<h1>Producto no encontrado</h1>');
      expect(res.text).toContain('<meta name="robots" content="noindex"/>');
      expect(res.text).not.toContain('Archivado');
      expect(res.text).not.toContain('Ajeno');
    }
    const unknownShop = await get(`/s/${slugFor('nadie')}/p/${foreign.id}-ajeno`);
    expect(unknownShop.status).toBe(404);
    expect(unknownShop.text).toContain('<h1>Tienda no encontrada</h1>');
  });

  it('escapes a hostile product name: it never opens a tag or leaves the JSON-LD', async () => {
    const slug = slugFor('hostile');
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Tienda <i>x</i>' } });
    const hostile = '</script><script>alert(1)</script>';
    const product = await createProduct(t, shop.tenant.id, { name: hostile, description: '"><img src=x onerror=alert(2)>' });
    const res = await get(`/s/${slug}/p/${product.id}-script-script-alert-1-script`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<i>x</i>');
    expect(html).toContain('<h1 id="product-name">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    // The module script, the JSON-LD and the config: three elements, each closed where it should be.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const data = JSON.parse(jsonLdBlocks(html)[0]);
    expect(data.name).toBe(hostile);
    expect(data.description).toBe('"><img src=x onerror=alert(2)>');
  });

  it("links every product's name on the shop page to its canonical page", async () => {
    const slug = slugFor('links');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const espresso = await createProduct(t, shop.tenant.id, { name: 'Espresso doble' });
    const bag = await createProduct(t, shop.tenant.id, { name: 'Bolsa Ñandú 500 g' });
    const html = (await get(`/s/${slug}`)).text;
    expect(html).toContain(`<h3 id="product-${espresso.id}"><a href="/s/${slug}/p/${espresso.id}-espresso-doble">Espresso doble</a></h3>`);
    expect(html).toContain(`<a href="/s/${slug}/p/${bag.id}-bolsa-nandu-500-g">Bolsa Ñandú 500 g</a>`);
    for (const href of [...html.matchAll(/href="(\/s\/[^"]+\/p\/[^"]+)"/g)].map((m) => m[1])) {
      expect((await get(href)).status).toBe(200);
    }
  });

  it('shows a price change at once: the change drops the cached page', async () => {
    const slug = slugFor('price');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const product = await createProduct(t, shop.tenant.id, { name: 'Té verde', price: '40.00' });
    const path = `/s/${slug}/p/${product.id}-te-verde`;
    const first = await get(path);
    expect(first.text).toContain('L 40.00');
    // Served from the cache while nothing changes.
    expect((await get(path)).headers.etag).toBe(first.headers.etag);

    const changed = await t.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(shop.token)).send({ price: 55 });
    expect(changed.status).toBe(200);
    const after = await get(path);
    expect(after.text).toContain('L 55.00');
    expect(after.text).not.toContain('L 40.00');
    expect(JSON.parse(jsonLdBlocks(after.text)[0]).offers.price).toBe('55.00');

    // A new name: the old address answers 301 to the new one at once.
    await t.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(shop.token)).send({ name: 'Té negro' });
    const moved = await get(path);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/s/${slug}/p/${product.id}-te-negro`);
    // Deactivated: 404 at once.
    await t.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(shop.token)).send({ is_active: false });
    expect((await get(`/s/${slug}/p/${product.id}-te-negro`)).status).toBe(404);
  });
});
