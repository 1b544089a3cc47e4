import { formatMoney } from '../i18n/shop-texts';
import { CartRegion } from './cart-region';
import { Layout } from './layout';
import type { PageContext, ShopCategory, ShopProduct } from './page-data';
import { productPath } from './product-path';
import { mapsHref, ShopContact, telHref } from './shop-contact';
import { ShopHeader } from './shop-header';
import { CARD_DESCRIPTION_MAX, shortened } from './shortened';

export interface ShopPageProps {
  context: PageContext;
  /** The products' cards, each in its `<li>`, rendered beforehand (`renderShopPage`, a slice at a time). */
  productCards: string;
  productCount: number;
  /** The first product image, for Open Graph. */
  image: string | null;
  /** The JSON-LD, already written by `scriptSafeJson`. */
  structuredDataJson: string;
  /** The search as typed, when the page answers one. */
  query: string | null;
  /** The link to the next page of products, when there is one. */
  nextHref: string | null;
  /** The categories with active products, linked above the products; none leaves the links out. */
  categories?: ShopCategory[];
  /** The category shown, when the address names one of them. */
  currentCategory?: ShopCategory | null;
  /** Whether the address names a category (one of them or not). */
  categoryAsked?: boolean;
}

/**
 * `/s/{slug}`: the shop's heading, its contact, search, products, the cart and its locations.
 * Everything but the cart and the Share button works without JavaScript.
 */
export function ShopPage(props: ShopPageProps) {
  const { context, productCards, productCount, image, structuredDataJson, query, nextHref } = props;
  const { categories = [], currentCategory = null, categoryAsked = false } = props;
  const { shop, texts } = context;
  const path = `/s/${shop.slug}`;
  const heading = query
    ? texts.searchResults(query)
    : currentCategory
      ? texts.categoryHeading(currentCategory.name)
      : texts.productsHeading;
  const empty = query ? texts.noResults : categoryAsked ? texts.noCategoryProducts : texts.noProducts;
  return (
    <Layout
      context={context}
      page="shop"
      title={shop.seo_title || shop.name}
      description={shop.seo_description || shop.description}
      path={path}
      image={image}
      structuredDataJson={structuredDataJson}
    >
      <a className="skip-link" href="#products">
        {texts.skipToProducts}
      </a>
      <ShopHeader context={context} headingLevel={1} />
      <div className="container layout">
        <main className="catalog">
          {shop.description ? <p className="shop-description">{shop.description}</p> : null}
          <ShopContact shop={shop} texts={texts} share />
          <form className="search" role="search" method="get" action={path}>
            <label htmlFor="search-q">{texts.searchLabel}</label>
            <div className="search-row">
              <input type="search" id="search-q" name="q" defaultValue={query ?? ''} maxLength={200} />
              <button type="submit" className="button">
                {texts.searchButton}
              </button>
            </div>
          </form>
          <CategoryLinks path={path} categories={categories} current={currentCategory} label={texts.categoriesNav} />
          <section id="products" aria-labelledby="products-heading" tabIndex={-1}>
            <h2 id="products-heading">{heading}</h2>
            {query || categoryAsked ? (
              <p>
                <a href={path}>{texts.clearSearch}</a>
              </p>
            ) : null}
            {productCount === 0 ? <p className="empty">{empty}</p> : null}
            <ul className="products" dangerouslySetInnerHTML={{ __html: productCards }} />
            {nextHref ? (
              <p className="pager">
                <a className="button" href={nextHref}>
                  {texts.moreProducts}
                </a>
              </p>
            ) : null}
          </section>
        </main>
        <aside className="side">
          <CartRegion texts={texts} checkoutHref={`${path}/checkout`} showCheckoutLink />
          <Locations context={context} />
        </aside>
      </div>
    </Layout>
  );
}

/** "Categorías": a link per category with active products, to the page of its products; the one shown marked as the current page. */
function CategoryLinks({
  path,
  categories,
  current,
  label,
}: {
  path: string;
  categories: ShopCategory[];
  current: ShopCategory | null;
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="categories" aria-labelledby="categories-heading">
      <h2 id="categories-heading">{label}</h2>
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`${path}?${new URLSearchParams({ category: category.slug }).toString()}`}
              aria-current={current?.id === category.id ? 'page' : undefined}
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One product: a `<li>` of the list. */
export function ProductCard({ context, product }: { context: PageContext; product: ShopProduct }) {
  const { texts, shop } = context;
  const headingId = `product-${product.id}`;
  const soldOut = product.availability === 'sold_out';
  return (
    <article
      className="product"
      aria-labelledby={headingId}
      data-product-id={product.id}
      data-name={product.name}
      data-price={product.price.toFixed(2)}
      data-availability={product.availability}
    >
      <div className="product-image">
        {product.image_url ? <img src={product.image_url} alt="" loading="lazy" decoding="async" width={400} height={400} /> : null}
      </div>
      <div className="product-body">
        <h3 id={headingId}>
          <a href={productPath(shop.slug, product)}>{product.name}</a>
        </h3>
        {product.description ? <p className="product-description">{shortened(product.description, CARD_DESCRIPTION_MAX)}</p> : null}
        <p className="product-price">{formatMoney(product.price, shop.currency)}</p>
        <p className={`availability availability-${product.availability}`}>{texts.availability[product.availability]}</p>
        <button type="button" className="button button-primary" data-add-to-cart="" disabled={soldOut}>
          {texts.addToCart}
        </button>
      </div>
    </article>
  );
}

/** The active locations with an address or a phone: each with its map link and its "Llamar" / "Call" link. */
function Locations({ context }: { context: PageContext }) {
  const { shop, texts } = context;
  const shown = shop.locations.filter((location) => location.address || location.phone);
  if (shown.length === 0) return null;
  return (
    <section className="locations" aria-labelledby="locations-heading">
      <h2 id="locations-heading">{texts.locations}</h2>
      <ul>
        {shown.map((location) => (
          <li key={location.id}>
            <strong>{location.name}</strong>
            {location.address ? (
              <>
                <br />
                {location.address}
                <br />
                <a
                  href={mapsHref(location.address)}
                  data-maps-link=""
                  data-location-id={location.id}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {texts.viewOnMap(location.name)}
                </a>
              </>
            ) : null}
            {location.phone ? (
              <>
                <br />
                <a href={telHref(location.phone)} data-call-link="" data-location-id={location.id}>
                  {texts.call} {location.phone}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
