import { randomUUID } from 'node:crypto';
import { createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`A bare & in ${JSON.stringify(text)}`);
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, ref: string) =>
    ref.startsWith('#x')
      ? String.fromCodePoint(parseInt(ref.slice(2), 16))
      : ref.startsWith('#')
        ? String.fromCodePoint(Number(ref.slice(1)))
        : ENTITIES[ref],
  );
}

/**
 * A strict parser for the XML the sitemaps are made of (a declaration, elements with attributes,
 * escaped text): throws on anything not well-formed (an unclosed or crossed tag, a raw `<` or a
 * bare `&` in text, text outside the root, a second root).
 */
function parseXml(xml: string): XmlElement {
  let at = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error('No XML declaration');
  at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  while (at < xml.length) {
    const next = xml.indexOf('<', at);
    const text = xml.slice(at, next === -1 ? xml.length : next);
    if (text.trim()) {
      if (stack.length === 0) throw new Error(`Text outside the root: ${text}`);
      stack[stack.length - 1].text += unescapeXml(text);
    }
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(xml);
    if (!match) throw new Error(`Not a tag at ${next}: ${xml.slice(next, next + 40)}`);
    at = tag.lastIndex;
    const [, closing, name, attributeText, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes ${open?.name ?? 'nothing'}`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attributeText.matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[key] = unescapeXml(value);
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root) throw new Error('A second root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0 || !root) throw new Error(`Unclosed: ${stack.map((element) => element.name).join(' > ')}`);
  return root;
}

const childText = (element: XmlElement, name: string) => element.children.find((child) => child.name === name)?.text ?? null;

/** What crawlers read (storefront.md, "Crawling" and "Icons"). */
describe('Crawling: robots.txt, the sitemaps and the icons (storefront.md)', () => {
  const t = useTestApp();
  const APP_URL = 'http://localhost:3000';
  const slugFor = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
  const binary = (path: string) =>
    t
      .http()
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('robots.txt allows the shop pages, keeps crawlers off the API and the dashboard, and names the sitemap', async () => {
    const res = await t.http().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.text.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /s/',
      'Disallow: /api/',
      'Disallow: /dashboard/',
      `Sitemap: ${APP_URL}/sitemap.xml`,
      '',
    ]);
  });

  it("the sitemap index lists each public shop's sitemap, and no archived or inactive shop", async () => {
    const open = slugFor('open');
    const closed = slugFor('closed');
    const archived = slugFor('archived');
    await createTenantWithOwner(t, { tenant: { slug: open } });
    await createTenantWithOwner(t, { tenant: { slug: closed, status: 'inactive' } });
    await createTenantWithOwner(t, { tenant: { slug: archived, deletedAt: new Date() } });

    const res = await t.http().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const index = parseXml(res.text);
    expect(index.name).toBe('sitemapindex');
    expect(index.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locations = index.children.map((sitemap) => {
      expect(sitemap.name).toBe('sitemap');
      return childText(sitemap, 'loc');
    });
    expect(locations).toContain(`${APP_URL}/s/${open}/sitemap.xml`);
    expect(locations).not.toContain(`${APP_URL}/s/${closed}/sitemap.xml`);
    expect(locations).not.toContain(`${APP_URL}/s/${archived}/sitemap.xml`);
    // Every public shop once, in the order of slugs the database keeps (keyset paging); that order
    // is the server's collation, which a JavaScript sort need not match ("demo-shop-2" may come first).
    const shops = await t.db.query<Array<{ slug: string }>>(
      `SELECT slug FROM tenants WHERE deleted_at IS NULL AND status = 'active' ORDER BY slug`,
    );
    expect(locations).toEqual(shops.map(({ slug }) => `${APP_URL}/s/${slug}/sitemap.xml`));
  });

  it("a shop's sitemap: its page and every active product's canonical page with its lastmod, well-formed and escaped", async () => {
    const slug = slugFor('mapa');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    const coffee = await createProduct(t, shop.tenant.id, { name: 'Café & "Té" <1 kg>' });
    const bread = await createProduct(t, shop.tenant.id, { name: 'Pan' });
    const hidden = await createProduct(t, shop.tenant.id, { name: 'Oculto', isActive: false });
    await t.db.query(`UPDATE products SET updated_at = '2026-03-04T05:06:07.890Z' WHERE id = $1`, [bread.id]);

    const res = await t.http().get(`/s/${slug}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const urlset = parseXml(res.text);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entries = urlset.children.map((url) => ({ loc: childText(url, 'loc'), lastmod: childText(url, 'lastmod') }));
    expect(entries[0]).toEqual({ loc: `${APP_URL}/s/${slug}`, lastmod: null });
    expect(entries.slice(1).map((entry) => entry.loc)).toEqual([
      `${APP_URL}/s/${slug}/p/${coffee.id}-cafe-te-1-kg`,
      `${APP_URL}/s/${slug}/p/${bread.id}-pan`,
    ]);
    expect(entries[2].lastmod).toBe('2026-03-04T05:06:07Z');
    expect(entries[1].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(res.text).not.toContain(`/p/${hidden.id}`);
    // Each address answers the page it names.
    for (const entry of entries) expect((await t.http().get(entry.loc!.slice(APP_URL.length))).status).toBe(200);
  });

  it('pages through a catalog larger than one read, every product once', async () => {
    const slug = slugFor('grande');
    const shop = await createTenantWithOwner(t, { tenant: { slug } });
    await t.db.query(
      `INSERT INTO products (tenant_id, name, price, stock, is_active, name_key, description_key)
       SELECT $1, 'Producto ' || n, 10, 5, n % 10 <> 0, 'producto ' || n, '' FROM generate_series(1, 2500) AS n`,
      [shop.tenant.id],
    );
    const res = await t.http().get(`/s/${slug}/sitemap.xml`);
    const locations = parseXml(res.text).children.map((url) => childText(url, 'loc'));
    expect(locations).toHaveLength(1 + 2250);
    expect(new Set(locations).size).toBe(locations.length);
  });

  it('answers 404 for an unknown, archived or inactive shop', async () => {
    const closed = slugFor('closed');
    await createTenantWithOwner(t, { tenant: { slug: closed, status: 'inactive' } });
    for (const slug of [slugFor('nadie'), closed, 'no_such!shop']) {
      expect((await t.http().get(`/s/${slug}/sitemap.xml`)).status).toBe(404);
    }
  });

  it('serves a real favicon and the notification icon, long cached', async () => {
    const favicon = await binary('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/x-icon');
    expect(favicon.headers['cache-control']).toBe('public, max-age=604800');
    const ico = favicon.body as Buffer;
    // ICONDIR: reserved 0, type 1 (icon), then its images; each here a PNG.
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12);
      expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    expect((await t.http().get('/favicon.ico').set('If-None-Match', favicon.headers.etag)).status).toBe(304);

    const icon = await binary('/icons/notification-icon.png');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=604800');
    const png = icon.body as Buffer;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([192, 192]);
  });
});
