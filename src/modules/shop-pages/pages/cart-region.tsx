import type { ShopTexts } from '../i18n/shop-texts';

/**
 * The cart, on every page: empty as served (the cart lives in the shopper's browser), filled by the
 * client script. A labelled region, so that it is a landmark and tests find it by role and name.
 */
export function CartRegion({
  texts,
  checkoutHref,
  showCheckoutLink,
}: {
  texts: ShopTexts;
  checkoutHref: string;
  showCheckoutLink: boolean;
}) {
  return (
    <section className="cart" id="cart" aria-labelledby="cart-heading" role="region">
      <h2 id="cart-heading">{texts.cart}</h2>
      <p className="cart-empty" data-cart-empty="">
        {texts.cartEmpty}
      </p>
      <ul className="cart-lines" data-cart-lines="" hidden></ul>
      <p className="cart-subtotal" data-cart-subtotal-row="" hidden>
        <span>{texts.subtotal}</span> <strong data-cart-subtotal=""></strong>
      </p>
      {showCheckoutLink ? (
        <a className="button button-primary" href={checkoutHref} data-cart-checkout="" hidden>
          {texts.checkout}
        </a>
      ) : null}
    </section>
  );
}
