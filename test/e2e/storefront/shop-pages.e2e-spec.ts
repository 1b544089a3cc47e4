import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { SHOP_PAGE_CACHE } from '@modules/shop-pages/queries/show-shop-page/show-shop-page.handler';
import type { PageCache } from '@modules/shop-pages/rendering/page-cache';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** The hosted shop pages as a crawler or a browser without JavaScript gets them (storefront.md). */
describe('Hosted shop pages: the raw HTML (storefront.md)', () => {
  const t = useTestApp();

  const slugFor = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  const get = (path: string, headers: Record<string, string> = {}) => {
    const request = t.http().get(path);
    for (const [name, value] of Object.entries(headers)) request.set(name, value);
    return request;
  };
  const jsonLd = (html: string) => {
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]) as Record<string, any>;
  };
  const shopConfig = (html: string) => JSON.parse(/<script type="application\/json" id="shop-config">([\s\S]*?)<\/script>/.exec(html)![1]);

  it('serves the shop: heading, slogan, description, search, each active product with its price, availability and button', async () => {
    const slug = slugFor('cafe');
    const shop = await createTenantWithOwner(t, {
      tenant: { slug, name: 'Café Niño', slogan: 'El mejor café de Copán', description: 'Café de altura tostado cada semana.' },
    });
    await createLocation(t, shop.tenant.id, { name: 'Centro' });
    const espresso = await createProduct(t, shop.tenant.id, {
      name: 'Espresso doble',
      price: '40.00',
      stock: 50,
      description: 'Dos cargas de café de Marcala.',
      imageUrl: 'https://cdn.example.com/espresso.jpg?w=400&h=400',
    });
    const lastBag = await createProduct(t, shop.tenant.id, { name: 'Bolsa 1 kg', price: '1250.50', stock: 3 });
    const gone = await createProduct(t, shop.tenant.id, { name: 'Taza edición limitada', price: '300.00', stock: 0 });
    await createProduct(t, shop.tenant.id, { name: 'Producto archivado', isActive: false });

    const res = await get(`/s/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toMatch(/<h1 class="shop-name"><a href="\/s\/[a-z0-9-]+">Café Niño<\/a><\/h1>/);
    expect(html).toContain('El mejor café de Copán');
    expect(html).toContain('Café de altura tostado cada semana.');
    expect(html).toContain('<label for="search-q">Buscar productos</label>');
    expect(html).toMatch(new RegExp(`<form class="search" role="search" action="/s/${slug}" method="get">`));
    expect(html).toMatch(/<input type="search" id="search-q"[^>]* name="q"/);

    const article = (id: number) => new RegExp(`<article[^>]*data-product-id="${id}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
    expect(article(espresso.id)).toContain(
      `<h3 id="product-${espresso.id}"><a href="/s/${slug}/p/${espresso.id}-espresso-doble">Espresso doble</a></h3>`,
    );
    expect(article(espresso.id)).toContain('L 40.00');
    expect(article(espresso.id)).toContain('<p class="product-description">Dos cargas de café de Marcala.</p>');
    // Fixed aspect ratio (width and height) and lazy loading.
    expect(article(espresso.id)).toContain(
      '<img src="https://cdn.example.com/espresso.jpg?w=400&amp;h=400" alt="" loading="lazy" decoding="async" width="400" height="400"/>',
    );
    expect(article(espresso.id)).toContain('>Disponible<');
    expect(article(espresso.id)).toMatch(
      /<button type="button" class="button button-primary" data-add-to-cart="">Agregar al carrito<\/button>/,
    );
    expect(article(lastBag.id)).toContain('L 1,250.50');
    expect(article(lastBag.id)).toContain('Quedan pocas unidades');
    expect(article(gone.id)).toContain('>Agotado<');
    expect(article(gone.id)).toMatch(/<button[^>]*disabled=""[^>]*>Agregar al carrito<\/button>/);
    expect(html).not.toContain('Producto archivado');
    // Never the exact stock.
    expect(html).not.toMatch(/\b(50|3) (unidades|units)\b/);
    // The cart region, filled in the browser.
    expect(html).toContain(
      '<section class="cart" id="cart" aria-labelledby="cart-heading" role="region"><h2 id="cart-heading">Carrito</h2>',
    );
    expect(html).toContain(`href="/s/${slug}/checkout"`);
    expect(html).toContain('>Finalizar compra<');
    // No token of any kind, no inline script: the script and style sheet are files of this origin.
    expect(html).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*src=)[^>]*>/);
    expect(html).not.toMatch(/ style=|<style/);
    expect(html).toMatch(/<script type="module" src="\/storefront-assets\/[^"]+\.js"><\/script>/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/storefront-assets\/[^"]+\.css"\/>/);
    expect(shopConfig(html)).toEqual({
      tenantId: shop.tenant.id,
      slug,
      language: 'es',
      currency: 'HNL',
      page: 'shop',
      locations: [expect.objectContaining({ name: 'Centro', is_primary: true })],
    });
  });

  it("shows the shop's contact: Call, WhatsApp, email, address, social links, each location's map link and phone, and Share", async () => {
    const slug = slugFor('contact');
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Pulpería Contacto' } });
    const patch = (body: object) => t.http().patch('/api/v1/merchant/shop').set(authHeader(shop.token)).send(body);
    const centro = await createLocation(t, shop.tenant.id, { name: 'Centro', address: 'Col. Palmira #12, Tegucigalpa', isPrimary: true });
    const norte = await createLocation(t, shop.tenant.id, { name: 'Norte', address: 'Barrio Guamilito, San Pedro Sula', isPrimary: false });
    await createLocation(t, shop.tenant.id, { name: 'Sin dirección', isPrimary: false });
    await t.db.query(`UPDATE locations SET phone = '+504 2550-1111' WHERE id = $1`, [norte.id]);
    const contact = {
      phone: '+504 2222-3333',
      whatsapp: '+50499990000',
      email: 'hola@pulperia.hn',
      address: 'Boulevard Morazán, Tegucigalpa',
      logo_url: 'https://cdn.example.com/pulperia.png',
      social_links: { facebook: 'https://www.facebook.com/pulperia', instagram: 'https://www.instagram.com/pulperia' },
    };
    expect((await patch(contact)).status).toBe(200);

    const html = (await get(`/s/${slug}`)).text;
    expect(html).toContain('<h2 id="shop-contact-heading">Contacto de la tienda</h2>');
    expect(html).toMatch(/<a class="button" href="tel:\+50422223333" data-call-link="">Llamar \+504 2222-3333<\/a>/);
    expect(html).toMatch(
      /<a class="button" href="https:\/\/wa\.me\/50499990000" rel="noopener noreferrer" target="_blank" data-whatsapp-link="">WhatsApp \+50499990000<\/a>/,
    );
    expect(html).toContain('<a class="button" href="mailto:hola@pulperia.hn" data-email-link="">Correo hola@pulperia.hn</a>');
    expect(html).toContain('Dirección: Boulevard Morazán, Tegucigalpa');
    expect(html).toContain('<ul class="social-links" aria-label="Redes sociales">');
    expect(html).toContain(
      'href="https://www.facebook.com/pulperia" rel="noopener noreferrer" target="_blank" data-social-link="facebook">Facebook</a>',
    );
    expect(html).toContain(
      'href="https://www.instagram.com/pulperia" rel="noopener noreferrer" target="_blank" data-social-link="instagram">Instagram</a>',
    );
    expect(html).not.toContain('data-social-link="tiktok"');
    expect(html).toContain('<img class="shop-logo" src="https://cdn.example.com/pulperia.png" alt=""');
    // A map link per location with an address, the location's phone beside it.
    const mapsLinks = [...html.matchAll(/href="(https:\/\/www\.google\.com\/maps\/search\/[^"]*)"[^>]*data-maps-link=""/g)].map(
      (m) => m[1],
    );
    expect(mapsLinks).toEqual([
      `https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent('Col. Palmira #12, Tegucigalpa')}`,
      `https://www.google.com/maps/search/?api=1&amp;query=${encodeURIComponent('Barrio Guamilito, San Pedro Sula')}`,
    ]);
    expect(html).toContain(`data-location-id="${centro.id}"`);
    expect(html).toContain(`<a href="tel:+50425501111" data-call-link="" data-location-id="${norte.id}">Llamar +504 2550-1111</a>`);
    expect(html).not.toContain('<strong>Sin dirección</strong>');
    // The Share button, shown by the script (hidden without it), and its live region.
    expect(html).toMatch(/<button type="button" class="button" data-share-button="" hidden="">Compartir<\/button>/);
    expect(html).toContain('<p class="share-status" role="status" aria-live="polite" data-share-status=""></p>');
    // The JSON-LD says the same.
    expect(jsonLd(html)).toMatchObject({
      telephone: '+504 2222-3333',
      email: 'hola@pulperia.hn',
      logo: 'https://cdn.example.com/pulperia.png',
      sameAs: ['https://www.facebook.com/pulperia', 'https://www.instagram.com/pulperia'],
    });
    // The script gets the locations' phones.
    expect(shopConfig(html).locations.map((location: { phone: string | null }) => location.phone)).toEqual([null, '+504 2550-1111', null]);

    // In English.
    const english = (await get(`/s/${slug}`, { 'Accept-Language': 'en' })).text;
    expect(english).toContain('>Call +504 2222-3333</a>');
    expect(english).toContain('>Email hola@pulperia.hn</a>');
    expect(english).toMatch(/data-share-button="" hidden="">Share<\/button>/);

    // A change of the profile is on the page at once: its cached copies are dropped.
    expect((await patch({ phone: '2222-9999', whatsapp: '+50488887777', email: null, social_links: null })).status).toBe(200);
    const changed = (await get(`/s/${slug}`)).text;
    expect(changed).toContain('href="tel:22229999"');
    expect(changed).toContain('>Llamar 2222-9999</a>');
    expect(changed).toContain('href="https://wa.me/50488887777"');
    expect(changed).not.toContain('+504 2222-3333');
    expect(changed).not.toContain('mailto:');
    expect(changed).not.toContain('data-social-link');
  });

  it('shows only the Share button where the shop has no contact details', async () => {
    const slug = slugFor('nocontact');
    await createTenantWithOwner(t, { tenant: { slug } });
    const html = (await get(`/s/${slug}`)).text;
    expect(html).not.toContain('shop-contact-heading');
    expect(html).not.toContain('data-call-link');
    expect(html).not.toContain('data-whatsapp-link');
    expect(html).toContain('data-share-button=""');
  });

  it('says what search engines read: title, description, canonical, Open Graph and JSON-LD Store with each Product and its Offer', async () => {
    const slug = slugFor('seo');
    const shop = await createTenantWithOwner(t, {
      tenant: {
        slug,
        name: 'Tienda SEO',
        description: 'Descripción propia',
        seoTitle: 'Tienda SEO | Ropa en Tegucigalpa',
        seoDescription: 'Ropa hecha en Honduras.',
      },
    });
    const shirt = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '250.00', stock: 10 });
    const hat = await createProduct(t, shop.tenant.id, { name: 'Sombrero', price: '99.90', stock: 0 });

    const html = (await get(`/s/${slug}`)).text;
    expect(html).toContain('<title>Tienda SEO | Ropa en Tegucigalpa</title>');
    expect(html).toContain('<meta name="description" content="Ropa hecha en Honduras."/>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/s/${slug}"/>`);
    expect(html).toContain('<meta property="og:title" content="Tienda SEO | Ropa en Tegucigalpa"/>');
    expect(html).toContain('<meta property="og:description" content="Ropa hecha en Honduras."/>');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/s/${slug}"/>`);
    expect(html).toContain('<meta property="og:type" content="website"/>');

    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: 'Tienda SEO',
      description: 'Ropa hecha en Honduras.',
    });
    expect(data.hasOfferCatalog.itemListElement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'Product',
          name: 'Camisa',
          offers: { '@type': 'Offer', price: '250.00', priceCurrency: 'HNL', availability: 'https://schema.org/InStock' },
        }),
        expect.objectContaining({
          '@type': 'Product',
          name: 'Sombrero',
          offers: { '@type': 'Offer', price: '99.90', priceCurrency: 'HNL', availability: 'https://schema.org/OutOfStock' },
        }),
      ]),
    );
    expect(data.hasOfferCatalog.itemListElement).toHaveLength(2);
    expect([shirt.id, hat.id].every((id) => html.includes(`id="product-${id}"`))).toBe(true);

    // Without the SEO fields: exactly the name, and the description.
    const plainSlug = slugFor('plain');
    await createTenantWithOwner(t, { tenant: { slug: plainSlug, name: 'Pulpería Doña Ana', description: 'Abarrotes del barrio.' } });
    const plain = (await get(`/s/${plainSlug}`)).text;
    expect(plain).toContain('<title>Pulpería Doña Ana</title>');
    expect(plain).toContain('<meta name="description" content="Abarrotes del barrio."/>');
  });

  it('escapes every text from the shop or AI: a hostile name cannot open a tag or leave the JSON-LD', async () => {
    const slug = slugFor('hostile');
    const hostile = '</script><script>alert(1)</script><!--';
    const shop = await createTenantWithOwner(t, {
      tenant: {
        slug,
        name: hostile,
        slogan: '<img src=x onerror=alert(2)>',
        description: '"><svg onload=alert(3)>',
        seoTitle: `</title><script>alert(4)</script>`,
        seoDescription: `" onmouseover="alert(5)`,
      },
    });
    await createProduct(t, shop.tenant.id, { name: '<b>Producto</b></script>', price: '10.00' });

    const html = (await get(`/s/${slug}`)).text;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<b>Producto');
    expect(html).not.toContain('" onmouseover="');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(4)&lt;/script&gt;</title>');
    expect(html).toContain('content="&quot; onmouseover=&quot;alert(5)"');
    // Exactly one JSON-LD block and one config block, each ending where it should, holding the text intact.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const data = jsonLd(html);
    expect(data.name).toBe(hostile);
    expect(data.hasOfferCatalog.itemListElement[0].name).toBe('<b>Producto</b></script>');
  });

  it('answers 404 with a page saying so for an unknown, archived or inactive shop, and for a slug no shop can have', async () => {
    const archived = slugFor('archived');
    const inactive = slugFor('inactive');
    await createTenantWithOwner(t, { tenant: { slug: archived, deletedAt: new Date() } });
    await createTenantWithOwner(t, { tenant: { slug: inactive, status: 'inactive' } });
    for (const path of [
      `/s/${slugFor('nobody')}`,
      `/s/${archived}`,
      `/s/${inactive}`,
      `/s/${inactive}/checkout`,
      '/s/NOT%20a%20slug',
      `/s/${'a'.repeat(300)}`,
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<h1>Tienda no encontrada</h1>');
      expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    }
    const english = await get(`/s/${archived}`, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(english.status).toBe(404);
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<h1>Shop not found</h1>');
  });

  it('sends a slug written with capitals to its lower-case address', async () => {
    const slug = slugFor('caps');
    await createTenantWithOwner(t, { tenant: { slug } });
    const res = await get(`/s/${slug.toUpperCase()}?q=taza`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/s/${slug}?q=taza`);
    const checkout = await get(`/s/${slug.toUpperCase()}/checkout`);
    expect(checkout.status).toBe(301);
    expect(checkout.headers.location).toBe(`/s/${slug}/checkout`);
  });

  it('speaks English when Accept-Language prefers it, Spanish otherwise', async () => {
    const slug = slugFor('lang');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await createProduct(t, shop.tenant.id, { name: 'Tote', price: '40.00', stock: 0 });
    const cases: Array<[string | undefined, 'es' | 'en']> = [
      [undefined, 'es'],
      ['en-US,en;q=0.9', 'en'],
      ['fr-FR, en;q=0.5', 'en'],
      ['es-HN,es;q=0.9,en;q=0.8', 'es'],
      ['en;q=0.4, es;q=0.6', 'es'],
      ['de, fr', 'es'],
    ];
    for (const [header, language] of cases) {
      const res = await get(`/s/${slug}`, header ? { 'Accept-Language': header } : {});
      expect({ header, lang: /<html lang="(\w+)">/.exec(res.text)?.[1] }).toEqual({ header, lang: language });
      expect(res.headers['content-language']).toBe(language);
      expect(res.headers.vary).toMatch(/Accept-Language/);
      if (language === 'en') {
        expect(res.text).toContain('<label for="search-q">Search products</label>');
        expect(res.text).toContain('>Add to cart<');
        expect(res.text).toContain('>Sold out<');
        expect(res.text).toContain('<h2 id="cart-heading">Cart</h2>');
      } else {
        expect(res.text).toContain('>Agotado<');
      }
    }
  });

  it('is cacheable as the catalog API is: ETag, If-None-Match 304, Cache-Control, and a strict CSP', async () => {
    const slug = slugFor('cache');
    await createTenantWithOwner(t, { tenant: { slug } });
    const first = await get(`/s/${slug}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(first.headers.etag).toMatch(/^"[\w-]{16,}"$/);
    expect(Number(first.headers.age)).toBeLessThanOrEqual(30);
    const csp = first.headers['content-security-policy'];
    for (const directive of ["script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "default-src 'none'"])
      expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-inline');

    const notModified = await get(`/s/${slug}`, { 'If-None-Match': first.headers.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text ?? '').toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect((await get(`/s/${slug}`, { 'If-None-Match': `W/${first.headers.etag}` })).status).toBe(304);
    expect((await get(`/s/${slug}`, { 'If-None-Match': '"something-else"' })).status).toBe(200);
    // Gzipped once per rendered page for clients that take it, as its own entity.
    const plain = await get(`/s/${slug}`, { 'Accept-Encoding': 'identity' });
    const gzipped = await get(`/s/${slug}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.text).toBe(plain.text);
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
    expect(first.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect((await get(`/s/${slug}`, { 'Accept-Encoding': 'identity', 'If-None-Match': plain.headers.etag })).status).toBe(304);
    // Each language is its own entity.
    const english = await get(`/s/${slug}`, { 'Accept-Language': 'en', 'If-None-Match': first.headers.etag });
    expect(english.status).toBe(200);
    expect(english.headers.etag).not.toBe(first.headers.etag);
  });

  it('shows a change of the catalog within 30 seconds', async () => {
    const slug = slugFor('fresh');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const product = await createProduct(t, shop.tenant.id, { name: 'Nombre viejo' });
    expect((await get(`/s/${slug}`)).text).toContain('Nombre viejo');
    await t.db.query('UPDATE products SET name = $2 WHERE id = $1', [product.id, 'Nombre nuevo']);
    const started = Date.now();
    await waitFor(async () => (await get(`/s/${slug}`)).text.includes('Nombre nuevo'), {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'the renamed product on the page',
    });
    // The page told browsers it is fresh for max-age minus its age: never past 30 s in all.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('searches with a GET form (no JavaScript needed)', async () => {
    const slug = slugFor('search');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await createProduct(t, shop.tenant.id, { name: 'Camiseta roja' });
    await createProduct(t, shop.tenant.id, { name: 'Pantalón azul' });
    const res = await get(`/s/${slug}?q=camiseta`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Camiseta roja');
    expect(res.text).not.toContain('Pantalón azul');
    expect(res.text).toContain('value="camiseta"');
    const none = await get(`/s/${slug}?q=zapatos`);
    expect(none.text).toContain('Ningún producto coincide con la búsqueda.');
    // A cursor the catalog never handed out is refused on its field, never a 500.
    const badCursor = await get(`/s/${slug}?cursor=not-a-cursor`);
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors).toHaveProperty('cursor');
    // Odd query strings are not errors.
    expect((await get(`/s/${slug}?q[a]=1&q=2`)).status).toBe(200);
    expect((await get(`/s/${slug}?q=${'x'.repeat(5000)}`)).status).toBe(200);
    expect((await get(`/s/${slug}?q=${encodeURIComponent('😀'.repeat(150))}`)).status).toBe(200);
    expect((await get(`/s/${slug}?q=${encodeURIComponent('İ'.repeat(100))}`)).status).toBe(200);
  });

  it('links each category with active products, and ?category= shows only its products (no JavaScript needed)', async () => {
    const slug = slugFor('categories');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const create = async (name: string) =>
      (await t.http().post('/api/v1/merchant/categories').set(authHeader(shop.token)).send({ name })).body.data as {
        id: number;
        slug: string;
      };
    const drinks = await create('Bebidas');
    const food = await create('Comida & Postres');
    const empty = await create('Vacía');
    await createProduct(t, shop.tenant.id, { name: 'Horchata', categoryId: drinks.id });
    await createProduct(t, shop.tenant.id, { name: 'Baleada', categoryId: food.id });
    await createProduct(t, shop.tenant.id, { name: 'Oculto', categoryId: empty.id, isActive: false });
    await createProduct(t, shop.tenant.id, { name: 'Llavero' });
    const nav = (html: string) => /<nav class="categories"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

    const all = await get(`/s/${slug}`);
    expect(all.status).toBe(200);
    expect(nav(all.text)).toContain('<h2 id="categories-heading">Categorías</h2>');
    expect(nav(all.text)).toContain(`<a href="/s/${slug}?category=bebidas">Bebidas</a>`);
    expect(nav(all.text)).toContain(`<a href="/s/${slug}?category=comida-postres">Comida &amp; Postres</a>`);
    expect(nav(all.text)).not.toContain('Vacía');
    expect(nav(all.text)).not.toContain('aria-current');
    for (const name of ['Horchata', 'Baleada', 'Llavero']) expect(all.text).toContain(name);

    const filtered = await get(`/s/${slug}?category=bebidas`);
    expect(filtered.status).toBe(200);
    expect(nav(filtered.text)).toContain(`<a href="/s/${slug}?category=bebidas" aria-current="page">Bebidas</a>`);
    expect(nav(filtered.text)).toContain(`<a href="/s/${slug}?category=comida-postres">Comida &amp; Postres</a>`);
    expect(filtered.text).toContain('Horchata');
    expect(filtered.text).not.toContain('Baleada');
    expect(filtered.text).not.toContain('Llavero');
    expect(filtered.text).toContain('Productos de Bebidas');
    expect(filtered.text).toContain(`<a href="/s/${slug}">Ver todos los productos</a>`);

    const english = await get(`/s/${slug}?category=comida-postres`, { 'Accept-Language': 'en' });
    expect(nav(english.text)).toContain('<h2 id="categories-heading">Categories</h2>');
    expect(english.text).toContain('Baleada');
    expect(english.text).not.toContain('Horchata');

    // A category the shop has not: no products, and a way back; odd values are not errors.
    const unknown = await get(`/s/${slug}?category=no-such`);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('No hay productos en esta categoría.');
    expect(unknown.text).not.toContain('Horchata');
    expect((await get(`/s/${slug}?category[a]=1`)).status).toBe(200);
    expect((await get(`/s/${slug}?category=${'x'.repeat(5000)}`)).status).toBe(200);
    expect((await get(`/s/${slug}?category=%00%C3%91`)).status).toBe(200);

    // Renaming a category shows at once: its link and its filter follow the new slug.
    await t.http().patch(`/api/v1/merchant/categories/${drinks.id}`).set(authHeader(shop.token)).send({ name: 'Refrescos' });
    const renamed = await get(`/s/${slug}`);
    expect(nav(renamed.text)).toContain(`<a href="/s/${slug}?category=refrescos">Refrescos</a>`);
    expect((await get(`/s/${slug}?category=refrescos`)).text).toContain('Horchata');

    // A shop without categories shows no category links.
    const plain = await createTenantWithOwner(t, { tenant: { slug: slugFor('plain') } });
    await createProduct(t, plain.tenant.id, { name: 'Taza' });
    expect((await get(`/s/${plain.tenant.slug}`)).text).not.toContain('class="categories"');
  });

  it('shows 240 products a page, then a "More products" link to the rest', async () => {
    const slug = slugFor('large');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await t.db.query(
      `INSERT INTO products (tenant_id, name, price, stock, name_key)
       SELECT $1, 'Producto ' || lpad(n::text, 3, '0'), 10, 5, 'producto ' || lpad(n::text, 3, '0') FROM generate_series(1, 245) AS n`,
      [shop.tenant.id],
    );
    const first = (await get(`/s/${slug}`)).text;
    expect(first.match(/<article /g)).toHaveLength(240);
    const more = /<a class="button" href="([^"]+)">Más productos<\/a>/.exec(first);
    expect(more).not.toBeNull();
    const rest = (await get(more![1].replace(/&amp;/g, '&'))).text;
    expect(rest.match(/<article /g)).toHaveLength(5);
    expect(rest).toContain('Producto 245');
    expect(rest).not.toContain('Más productos');
  });

  it('keeps one cache entry per search as the catalog matches it, and none for a cursor it did not issue (docs/storefront.md)', async () => {
    const slug = slugFor('cache-keys');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await t.db.query(
      `INSERT INTO products (tenant_id, name, price, stock, name_key)
       SELECT $1, 'Café ' || lpad(n::text, 3, '0'), 10, 5, 'cafe ' || lpad(n::text, 3, '0') FROM generate_series(1, 245) AS n`,
      [shop.tenant.id],
    );
    const cache = t.get<PageCache>(SHOP_PAGE_CACHE);
    const keysOfShop = () => cache.keys().filter((key) => (JSON.parse(key) as unknown[])[0] === slug);

    // `Café`, `CAFE` and ` café ` are one search, one page, one entry: the page says it as matched.
    const pages = [];
    for (const q of ['Café', 'CAFE', '  café  ', 'CAFÉ']) {
      const res = await get(`/s/${slug}?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('value="cafe"');
      pages.push(res.headers.etag);
      expect(keysOfShop()).toEqual([JSON.stringify([slug, 'shop', 'es', 'cafe', null])]);
    }
    expect(new Set(pages).size).toBe(1);

    // The "More products" link's cursor is the service's: its page is kept.
    const more = /<a class="button" href="([^"]+)">Más productos<\/a>/.exec((await get(`/s/${slug}?q=cafe`)).text);
    const issued = new URL(more![1].replace(/&amp;/g, '&'), 'http://x').searchParams.get('cursor')!;
    const rest = await get(`/s/${slug}?q=cafe&cursor=${encodeURIComponent(issued)}`);
    expect(rest.text.match(/<article /g)).toHaveLength(5);
    const catalogCursor = issued.slice(0, issued.lastIndexOf('.'));
    expect(keysOfShop()).toContain(JSON.stringify([slug, 'shop', 'es', 'cafe', catalogCursor]));

    // A cursor the service did not issue (made up, the catalog's own without the signature, one
    // signed for another search) still pages, and leaves nothing behind.
    const forged = Buffer.from(JSON.stringify(['storefront-products', 'cafe 100', 1])).toString('base64url');
    const before = keysOfShop().length;
    for (const [q, cursor] of [
      ['cafe', forged],
      ['cafe', `${forged}.AAAAAAAAAAAAAAAAAAAAAA`],
      ['cafe', catalogCursor],
      ['caf', issued],
    ]) {
      const res = await get(`/s/${slug}?q=${q}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<article ');
      expect(keysOfShop()).toHaveLength(before);
      expect(keysOfShop().some((key) => key.includes(forged) || key.includes('"caf"'))).toBe(false);
    }
  });

  it('carries at most 1,000 characters of a description on its card and 300 in the JSON-LD', async () => {
    const slug = slugFor('long-text');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await createProduct(t, shop.tenant.id, { name: 'Largo', description: '<'.repeat(5000) });
    const html = (await get(`/s/${slug}`)).text;
    expect(html).toContain(`<p class="product-description">${'&lt;'.repeat(999)}…</p>`);
    const product = jsonLd(html).hasOfferCatalog.itemListElement[0];
    expect(product.description).toBe(`${'<'.repeat(299)}…`);
    expect(product.name).toBe('Largo');
  });

  it('serves the checkout page with every field the shopper fills, labelled', async () => {
    const slug = slugFor('checkout');
    const shop = await createTenantWithOwner(t, { tenant: { slug, name: 'Tienda Checkout' } });
    await createLocation(t, shop.tenant.id, { name: 'Centro' });
    await createLocation(t, shop.tenant.id, { name: 'Mall', isPrimary: false });
    const res = await get(`/s/${slug}/checkout`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    for (const label of ['Nombre', 'Teléfono', 'Correo', 'Dirección', 'Sucursal', 'Notas', 'Cupón'])
      expect(res.text).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    expect(res.text).toContain('<input type="radio" name="delivery_type" checked="" value="pickup"/> Recoger</label>');
    expect(res.text).toContain('<input type="radio" name="delivery_type" value="delivery"/> Entrega a domicilio</label>');
    expect(res.text).toContain('>Aplicar</button>');
    expect(res.text).toContain('>Realizar pedido</button>');
    expect(res.text).toMatch(/<option value="[0-9a-f-]+" selected="">Centro<\/option><option value="[0-9a-f-]+">Mall<\/option>/);
    expect(shopConfig(res.text).page).toBe('checkout');
  });

  it('serves the built script and style sheet with a year of cache, and 404 for anything else', async () => {
    const html = (await get(`/s/${slugFor('nobody')}`)).text;
    const styles = /href="(\/storefront-assets\/[^"]+\.css)"/.exec(html)![1];
    const css = await get(styles);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const slug = slugFor('assets');
    await createTenantWithOwner(t, { tenant: { slug } });
    const script = /src="(\/storefront-assets\/[^"]+\.js)"/.exec((await get(`/s/${slug}`)).text)![1];
    const js = await get(script);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const path of ['/storefront-assets/nope.js', '/storefront-assets/..%2Fpackage.json', '/storefront-assets/manifest.json'])
      expect((await get(path)).status).toBe(404);
  });

  it('weighs at most 100 KB gzipped, HTML + CSS + JS, for a shop of 12 products', async () => {
    const slug = slugFor('weight');
    const shop = await createTenantWithOwner(t, {
      tenant: { slug, name: 'Tienda de doce', description: 'Una tienda con doce productos y una descripción de tamaño normal.'.repeat(3) },
    });
    await createLocation(t, shop.tenant.id, { name: 'Centro' });
    for (let i = 0; i < 12; i++)
      await createProduct(t, shop.tenant.id, { name: `Producto número ${i + 1} con un nombre largo`, price: `${i + 1}99.00` });
    const html = (await get(`/s/${slug}`)).text;
    const assets = [...html.matchAll(/(?:href|src)="(\/storefront-assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets).toHaveLength(2);
    const bodies = [html, ...(await Promise.all(assets.map(async (asset) => (await get(asset)).text)))];
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(100 * 1024);
  });
});
