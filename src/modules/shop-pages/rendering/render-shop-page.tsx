import { setImmediate as nextTurn } from 'node:timers/promises';
import { renderToStaticMarkup } from 'react-dom/server';
import { scriptSafeJson } from '@modules/shop-pages/pages/json-data';
import type { PageContext, ShopCategory, ShopProduct } from '@modules/shop-pages/pages/page-data';
import { ProductCard, ShopPage } from '@modules/shop-pages/pages/shop-page';
import { productStructuredData, storeStructuredData } from '@modules/shop-pages/pages/structured-data';
import { renderHtml } from './render-html';

/** Products rendered in one turn of the event loop. */
const PRODUCTS_PER_TURN = 16;
const ITEM_LIST = '"itemListElement":[]';

/**
 * The shop page, its products a slice at a time: each slice's cards and JSON-LD items are written
 * in one turn of the event loop, then the loop serves whatever came in meanwhile (another shop's
 * request) before the next slice. A page of 240 products of the longest names and descriptions
 * never holds the loop for its whole render (docs/storefront.md, "Caching and speed").
 */
export async function renderShopPage(
  context: PageContext,
  products: ShopProduct[],
  query: string | null,
  nextHref: string | null,
  categories: { categories: ShopCategory[]; current: ShopCategory | null; asked: string | null } = {
    categories: [],
    current: null,
    asked: null,
  },
): Promise<string> {
  const cards: string[] = [];
  const items: string[] = [];
  for (let start = 0; start < products.length; start += PRODUCTS_PER_TURN) {
    await nextTurn();
    for (const product of products.slice(start, start + PRODUCTS_PER_TURN)) {
      cards.push(
        renderToStaticMarkup(
          <li>
            <ProductCard context={context} product={product} />
          </li>,
        ),
      );
      items.push(scriptSafeJson(productStructuredData(context, product)));
    }
  }
  await nextTurn();
  // The store's JSON-LD with an empty list, the items written above put in its place: the list is
  // the last member of the last member, so its key is the last one in the text (any key-like text
  // inside a string has its quotes escaped).
  const store = scriptSafeJson(storeStructuredData(context, []));
  const at = store.lastIndexOf(ITEM_LIST);
  const structuredDataJson = `${store.slice(0, at)}"itemListElement":[${items.join(',')}]${store.slice(at + ITEM_LIST.length)}`;
  return renderHtml(
    <ShopPage
      context={context}
      productCards={cards.join('')}
      productCount={products.length}
      image={products.find((product) => product.image_url)?.image_url ?? null}
      structuredDataJson={structuredDataJson}
      query={query}
      nextHref={nextHref}
      categories={categories.categories}
      currentCategory={categories.current}
      categoryAsked={categories.asked !== null}
    />,
  );
}
