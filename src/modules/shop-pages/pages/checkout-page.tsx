import { cloneElement, type ReactElement } from 'react';
import { formatMoney } from '../i18n/shop-texts';
import { CartRegion } from './cart-region';
import { Layout } from './layout';
import type { PageContext } from './page-data';
import { ShopContact } from './shop-contact';
import { ShopHeader } from './shop-header';

/**
 * `/s/{slug}/checkout`: the form, its summary and, once the order is placed, the confirmation (a
 * state of this page, shown by the script: the order's lines and totals, how it is paid, the
 * branch, the shop's contact and the link to the order's status page). Each field has its error slot right after it
 * (`aria-describedby`), so a refusal is read where it belongs.
 */
export function CheckoutPage({ context }: { context: PageContext }) {
  const { shop, texts } = context;
  const locations = shop.locations;
  const single = locations.length === 1 ? locations[0] : null;
  const primary = locations.find((location) => location.is_primary) ?? locations[0];
  return (
    <Layout
      context={context}
      page="checkout"
      title={`${texts.checkout} · ${shop.seo_title || shop.name}`}
      description={shop.seo_description || shop.description}
      path={`/s/${shop.slug}/checkout`}
    >
      <ShopHeader context={context} headingLevel={2} />
      <div className="container layout">
        <main className="checkout" id="checkout">
          <h1 data-checkout-heading="">{texts.checkout}</h1>
          <p>
            <a href={`/s/${shop.slug}`}>{texts.backToShop}</a>
          </p>
          <noscript>
            <p className="notice">{texts.noscript}</p>
          </noscript>
          <div className="notice notice-error" role="alert" data-form-error="" hidden></div>
          <form className="checkout-form" data-checkout-form="" noValidate hidden>
            <Field id="customer_name" label={texts.name}>
              <input id="customer_name" name="customer_name" type="text" autoComplete="name" required maxLength={255} />
            </Field>
            <Field id="customer_phone" label={texts.phone}>
              <input id="customer_phone" name="customer_phone" type="tel" autoComplete="tel" required maxLength={20} />
            </Field>
            <Field id="customer_email" label={texts.email} hint={texts.optional}>
              <input id="customer_email" name="customer_email" type="email" autoComplete="email" maxLength={255} />
            </Field>
            <fieldset className="field" aria-describedby="delivery_type-error">
              <legend>{texts.deliveryType}</legend>
              <label className="choice">
                <input type="radio" name="delivery_type" value="pickup" defaultChecked /> {texts.pickup}
              </label>
              <label className="choice">
                <input type="radio" name="delivery_type" value="delivery" /> {texts.delivery}
              </label>
              <p className="field-error" id="delivery_type-error" data-error-for="delivery_type"></p>
            </fieldset>
            <div data-when="delivery" hidden>
              <Field id="customer_address" label={texts.address}>
                <textarea id="customer_address" name="customer_address" autoComplete="street-address" rows={2} maxLength={500} />
              </Field>
            </div>
            {/* The branch, for pickup and delivery alike: a delivery pays the chosen branch's fee (docs/storefront.md). */}
            {single ? (
              <div data-when="pickup">
                <p className="pickup-location" data-location-details={single.id}>
                  {texts.pickupAt} <strong>{single.name}</strong>
                  {single.address ? <>, {single.address}</> : null}
                </p>
                <input type="hidden" name="location_id" value={single.id} />
              </div>
            ) : (
              <Field id="location_id" label={texts.location}>
                <select id="location_id" name="location_id" defaultValue={primary?.id}>
                  {locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.address ? `${location.name} — ${location.address}` : location.name}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <fieldset className="field" aria-describedby="payment_method-error">
              <legend>{texts.paymentMethod}</legend>
              {shop.payment_methods.map((method, index) => (
                <label className="choice" key={method}>
                  <input type="radio" name="payment_method" value={method} defaultChecked={index === 0} />{' '}
                  {texts.paymentMethods[method] ?? method}
                </label>
              ))}
              <p className="field-error" id="payment_method-error" data-error-for="payment_method"></p>
            </fieldset>
            <TransferInstructions context={context} shown="when" />
            <Field id="customer_notes" label={texts.notes} hint={texts.optional}>
              <textarea id="customer_notes" name="customer_notes" rows={2} maxLength={1000} />
            </Field>
            <div className="field">
              <label htmlFor="coupon_code">{texts.coupon}</label>
              <div className="search-row">
                <input
                  id="coupon_code"
                  name="coupon_code"
                  type="text"
                  maxLength={50}
                  autoComplete="off"
                  aria-describedby="coupon_code-error"
                />
                <button type="button" className="button" data-apply-coupon="">
                  {texts.applyCoupon}
                </button>
              </div>
              <p className="field-error" id="coupon_code-error" data-error-for="coupon_code" role="status"></p>
            </div>
            <p className="notice" data-price-changes="" role="status" hidden></p>
            <section className="summary" aria-labelledby="summary-heading">
              <h2 id="summary-heading">{texts.summary}</h2>
              <dl>
                <div>
                  <dt>{texts.subtotal}</dt>
                  <dd data-summary="subtotal">{formatMoney(0, shop.currency)}</dd>
                </div>
                <div>
                  <dt>{texts.discount}</dt>
                  <dd data-summary="discount">{formatMoney(0, shop.currency)}</dd>
                </div>
                <div>
                  <dt>{texts.deliveryFee}</dt>
                  <dd data-summary="delivery">{formatMoney(0, shop.currency)}</dd>
                </div>
                <div className="summary-total">
                  <dt>{texts.total}</dt>
                  <dd data-summary="total">{formatMoney(0, shop.currency)}</dd>
                </div>
              </dl>
            </section>
            <p className="field-error" id="items-error" data-error-for="items" role="alert"></p>
            <button type="submit" className="button button-primary button-wide" data-place-order="">
              {texts.placeOrder}
            </button>
          </form>
          <section className="confirmation" data-confirmation="" aria-labelledby="confirmation-heading" tabIndex={-1} hidden>
            <h2 id="confirmation-heading">{texts.thankYou}</h2>
            <p>
              {texts.orderNumber}: <strong data-order-number=""></strong>
            </p>
            <section className="summary" aria-labelledby="confirmation-lines-heading">
              <h3 id="confirmation-lines-heading">{texts.orderLines}</h3>
              <ul className="order-lines" data-order-lines=""></ul>
              <dl>
                <div>
                  <dt>{texts.subtotal}</dt>
                  <dd data-order-subtotal=""></dd>
                </div>
                <div>
                  <dt>{texts.discount}</dt>
                  <dd data-order-discount=""></dd>
                </div>
                <div>
                  <dt>{texts.deliveryFee}</dt>
                  <dd data-order-delivery=""></dd>
                </div>
                <div className="summary-total">
                  <dt>{texts.total}</dt>
                  <dd data-order-total=""></dd>
                </div>
              </dl>
            </section>
            <p data-order-payment="" hidden>
              {texts.paymentMethod}: <strong data-order-payment-method=""></strong>
            </p>
            <TransferInstructions context={context} shown="placed" />
            <p data-order-branch="" hidden>
              {texts.location}: <strong data-order-branch-name=""></strong>
            </p>
            <p>{texts.orderReceived}</p>
            <ShopContact shop={shop} texts={texts} />
            <p data-order-status-row="" hidden>
              <a className="button button-primary" data-order-status-link="">
                {texts.seeOrderStatus}
              </a>
            </p>
            <p>
              <a className="button" href={`/s/${shop.slug}`}>
                {texts.backToShop}
              </a>
            </p>
          </section>
        </main>
        <aside className="side">
          <CartRegion texts={texts} checkoutHref={`/s/${shop.slug}/checkout`} showCheckoutLink={false} />
        </aside>
      </div>
    </Layout>
  );
}

/**
 * The shop's bank transfer instructions, where it accepts transfers: in the form while "Bank
 * transfer" is chosen (`when`), and on the confirmation of an order paid so (`placed`); the script
 * shows them.
 */
function TransferInstructions({ context: { shop, texts }, shown }: { context: PageContext; shown: 'when' | 'placed' }) {
  if (!shop.payment_methods.includes('bank_transfer') || !shop.bank_transfer_instructions) return null;
  const marker = shown === 'when' ? { 'data-when-payment': 'bank_transfer' } : { 'data-placed-payment': 'bank_transfer' };
  return (
    <section className="notice transfer-instructions" {...marker} aria-label={texts.transferInstructions} hidden>
      <p>
        <strong>{texts.transferInstructions}</strong>
      </p>
      <p>{shop.bank_transfer_instructions}</p>
    </section>
  );
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const described = hint ? `${id}-hint ${id}-error` : `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {cloneElement(children, { 'aria-describedby': described })}
      <p className="field-error" id={`${id}-error`} data-error-for={id}></p>
    </div>
  );
}
