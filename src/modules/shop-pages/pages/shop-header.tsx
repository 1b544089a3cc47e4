import type { PageContext } from './page-data';

export function ShopHeader({ context, headingLevel }: { context: PageContext; headingLevel: 1 | 2 }) {
  const { shop } = context;
  const Heading = headingLevel === 1 ? 'h1' : 'p';
  return (
    <header className="shop-header">
      <div className="container">
        <Heading className="shop-name">
          <a href={`/s/${shop.slug}`}>
            {/* The logo beside the name, which says it: no second text for it. */}
            {shop.logo_url ? <img className="shop-logo" src={shop.logo_url} alt="" width={48} height={48} decoding="async" /> : null}
            {shop.name}
          </a>
        </Heading>
        {shop.slogan ? <p className="shop-slogan">{shop.slogan}</p> : null}
        {/* On a phone the cart is below the products: this jumps to it (the script adds the count). */}
        <a className="cart-link" href="#cart" data-cart-link="">
          {context.texts.cart}
        </a>
      </div>
    </header>
  );
}
