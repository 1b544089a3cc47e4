import { formatMoney } from '../i18n/shop-texts';
import { CartRegion } from './cart-region';
import { Layout } from './layout';
import type { PageContext, ShopProduct } from './page-data';
import { productPath } from './product-path';
import { ShopHeader } from './shop-header';
import { shortened, STRUCTURED_DESCRIPTION_MAX } from './shortened';

export interface ProductPageProps {
  context: PageContext;
  product: ShopProduct;
  /** The JSON-LD `Product`, already written by `scriptSafeJson`. */
  structuredDataJson: string;
}

/**
 * `/s/{slug}/p/{id}-{name}`: one product, with its price, availability, description, image and
 * "Agregar al carrito" / "Add to cart" (the shop page's cart and script), and a link back to the shop.
 */
export function ProductPage({ context, product, structuredDataJson }: ProductPageProps) {
  const { shop, texts } = context;
  const shopPath = `/s/${shop.slug}`;
  const soldOut = product.availability === 'sold_out';
  return (
    <Layout
      context={context}
      page="product"
      ogType="product"
      title={`${product.name} · ${shop.name}`}
      description={
        product.description ? shortened(product.description, STRUCTURED_DESCRIPTION_MAX) : shop.seo_description || shop.description
      }
      path={productPath(shop.slug, product)}
      image={product.image_url}
      structuredDataJson={structuredDataJson}
    >
      <ShopHeader context={context} headingLevel={2} />
      <div className="container layout">
        <main className="catalog">
          <p className="back-link">
            <a href={shopPath}>{texts.backToShop}</a>
          </p>
          <article
            className="product product-detail"
            aria-labelledby="product-name"
            data-product-id={product.id}
            data-name={product.name}
            data-price={product.price.toFixed(2)}
            data-availability={product.availability}
          >
            <div className="product-image">
              {product.image_url ? <img src={product.image_url} alt={product.name} decoding="async" width={400} height={400} /> : null}
            </div>
            <div className="product-body">
              <h1 id="product-name">{product.name}</h1>
              <p className="product-price">{formatMoney(product.price, shop.currency)}</p>
              <p className={`availability availability-${product.availability}`}>{texts.availability[product.availability]}</p>
              <button type="button" className="button button-primary" data-add-to-cart="" disabled={soldOut}>
                {texts.addToCart}
              </button>
              {product.description ? <p className="product-detail-description">{product.description}</p> : null}
            </div>
          </article>
        </main>
        <aside className="side">
          <CartRegion texts={texts} checkoutHref={`${shopPath}/checkout`} showCheckoutLink />
        </aside>
      </div>
    </Layout>
  );
}
