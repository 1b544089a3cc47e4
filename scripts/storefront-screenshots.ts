/**
 * `npm run docs:storefront-screenshots`: docs/storefront/*.png, the hosted shop pages on a phone
 * (375 px) and a desktop, from a demo shop in a fresh test database (TEST_DATABASE_URL, default
 * storefront_test_screenshots; TEST_REDIS_URL as the tests take it) and the system's Chromium.
 */
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/storefront_test_screenshots';
process.env.API_CONTRACT ??= 'off';

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createCategory, createLocation, createProduct } from '../test/support/commerce-factories';
import { createTenantWithOwner } from '../test/support/factories';
import globalSetup from '../test/support/global-setup';
import { createTestApp } from '../test/support/test-app';

const OUT = join(__dirname, '..', 'docs', 'storefront');
// As test/support/browser.ts has them (that file declares jest suites, so it is not imported here).
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
type Viewport = typeof PHONE;

/** Product images: https URLs (as the catalog requires) that the browser below answers itself with a flat illustration. */
const IMAGES = 'https://images.example.com/';

function illustration(label: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="hsl(${hue},45%,86%)"/>` +
    `<circle cx="200" cy="185" r="96" fill="hsl(${hue},40%,62%)"/><text x="200" y="215" font-family="sans-serif" font-size="88" ` +
    `text-anchor="middle" fill="#fff">${label}</text></svg>`
  );
}

const PRODUCTS = [
  { name: 'Café de Marcala 454 g', price: '185.00', description: 'Tostado medio, notas de chocolate y caramelo.', stock: 40 },
  { name: 'Espresso doble', price: '40.00', description: 'Dos cargas de nuestro blend de la casa.', stock: 100 },
  { name: 'Baleada sencilla', price: '25.00', description: 'Tortilla de harina, frijoles, queso y mantequilla.', stock: 3 },
  { name: 'Pan de coco', price: '15.00', description: 'Horneado cada mañana en Trujillo.', stock: 0 },
  { name: 'Horchata grande', price: '35.00', description: 'De morro, con canela.', stock: 60 },
  { name: 'Taza de barro de Ojojona', price: '220.00', description: 'Hecha a mano; cada una es distinta.', stock: 12 },
];

async function shoot(page: Page, url: string, file: string, prepare?: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(url);
  if (prepare) await prepare(page);
  await page.screenshot({ path: join(OUT, file), fullPage: true });
  process.stdout.write(`wrote docs/storefront/${file}\n`);
}

async function main(): Promise<void> {
  await globalSetup();
  const t = await createTestApp();
  const userDirs: string[] = [];
  try {
    const slug = 'cafe-la-esquina';
    const { tenant } = await createTenantWithOwner(t, {
      tenant: {
        slug,
        name: 'Café La Esquina',
        slogan: 'Café hondureño, pan del día',
        description:
          'Cafetería de barrio en Tegucigalpa: café de altura, baleadas y pan recién horneado. Recoge en tienda o pide a domicilio.',
      },
    });
    await t.db.query(
      `UPDATE tenants SET payment_methods = '{cash,bank_transfer}', bank_transfer_instructions = $2, phone = '+504 2232-4455',
         whatsapp = '+50499887766', email = 'hola@cafelaesquina.hn', address = 'Avenida República de Chile 512, Tegucigalpa',
         social_links = '{"instagram": "https://instagram.com/cafelaesquina", "facebook": "https://facebook.com/cafelaesquina"}'
       WHERE id = $1`,
      [tenant.id, 'Banco Atlántida, cuenta de ahorro 200-1234567-8 a nombre de Café La Esquina. Envía el comprobante por WhatsApp.'],
    );
    const palmira = await createLocation(t, tenant.id, { name: 'Colonia Palmira', deliveryFee: '45.00' });
    await t.db.query(
      `UPDATE locations SET address = 'Avenida República de Chile 512, Tegucigalpa', phone = '+504 2232-4455' WHERE id = $1`,
      [palmira.id],
    );
    const categories = [await createCategory(t, tenant.id, 'Café'), await createCategory(t, tenant.id, 'Comida')];
    const productIds: number[] = [];
    for (const [index, product] of PRODUCTS.entries()) {
      const created = await createProduct(t, tenant.id, { ...product, imageUrl: `${IMAGES}${index}.svg` });
      productIds.push(created.id);
      const category = [0, 1, 4].includes(index) ? categories[0] : [2, 3].includes(index) ? categories[1] : null;
      if (category) await t.db.query('UPDATE products SET category_id = $2 WHERE id = $1', [created.id, category.id]);
    }

    mkdirSync(OUT, { recursive: true });
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as Array<[string, Viewport]>) {
      const dir = mkdtempSync(join(tmpdir(), 'storefront-screenshots-'));
      userDirs.push(dir);
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM,
        headless: true,
        viewport,
        locale: 'es-HN',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--no-proxy-server',
          '--lang=es-HN',
        ],
      });
      try {
        await context.route(`${IMAGES}**`, (route) => {
          const index = Number(/(\d+)\.svg$/.exec(route.request().url())?.[1] ?? 0);
          return route.fulfill({
            contentType: 'image/svg+xml',
            body: illustration(PRODUCTS[index]?.name.slice(0, 1) ?? '?', (index * 57) % 360),
          });
        });
        const page = context.pages()[0] ?? (await context.newPage());
        await shoot(page, `${t.baseUrl}/s/${slug}`, `shop-${label}.png`, async (shop) => {
          await shop.getByRole('article', { name: 'Espresso doble' }).getByRole('button', { name: 'Agregar al carrito' }).click();
          await shop.getByRole('article', { name: 'Café de Marcala 454 g' }).getByRole('button', { name: 'Agregar al carrito' }).click();
          await shop.getByRole('region', { name: 'Carrito' }).getByText('L 225.00').waitFor();
        });
        // A product's own page (the shop page links each product's name to it).
        await shoot(page, `${t.baseUrl}/s/${slug}/p/${productIds[0]}`, `product-${label}.png`, async (product) => {
          await product.getByRole('heading', { level: 1, name: 'Café de Marcala 454 g' }).waitFor();
        });
        await shoot(page, `${t.baseUrl}/s/${slug}/checkout`, `checkout-${label}.png`, async (checkout) => {
          await checkout.getByRole('textbox', { name: 'Nombre' }).fill('Ana López');
          await checkout.getByRole('textbox', { name: 'Teléfono' }).fill('+504 9999-8888');
          await checkout.locator('[data-summary="total"]').getByText('L 225.00').waitFor();
        });
        // The same checkout, placed by bank transfer: the confirmation, then the order's status page.
        await page.getByRole('group', { name: 'Forma de pago' }).getByRole('radio', { name: 'Transferencia bancaria' }).check();
        await page.getByRole('button', { name: 'Realizar pedido' }).click();
        await page.getByRole('link', { name: 'Ver el estado del pedido' }).waitFor();
        await page.screenshot({ path: join(OUT, `confirmation-${label}.png`), fullPage: true });
        process.stdout.write(`wrote docs/storefront/confirmation-${label}.png\n`);
        const statusPath = await page.getByRole('link', { name: 'Ver el estado del pedido' }).getAttribute('href');
        await shoot(page, `${t.baseUrl}${statusPath}`, `order-status-${label}.png`, async (status) => {
          await status.getByRole('heading', { level: 1, name: /^Pedido #/ }).waitFor();
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await t.close();
    for (const dir of userDirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
