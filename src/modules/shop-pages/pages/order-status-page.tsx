import { formatDateTime } from '@common/i18n/shop-locale';
import type { OrderStatusResource } from '@modules/orders';
import { formatMoney } from '../i18n/shop-texts';
import { CartRegion } from './cart-region';
import { Layout } from './layout';
import type { PageContext } from './page-data';
import { ShopContact } from './shop-contact';
import { ShopHeader } from './shop-header';

/**
 * `/s/{slug}/orders/{number}?token=`: the order its status link opens (docs/storefront.md, "Order
 * status"): its status in words, its history in the shop's time zone, lines and totals, how it is
 * paid (a transfer's details while unpaid), the branch and the shop's contact. Nothing of the
 * customer; never indexed, never cached for others.
 */
export function OrderStatusPage({ context, order, timezone }: { context: PageContext; order: OrderStatusResource; timezone: string }) {
  const { shop, texts, language } = context;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const title = texts.orderTitle(order.order_number);
  const statusWords = (status: string) => texts.orderStatuses[status] ?? status;
  const transfer =
    order.payment_method === 'bank_transfer' && order.payment_status !== 'paid' && shop.bank_transfer_instructions
      ? shop.bank_transfer_instructions
      : null;
  return (
    <Layout
      context={context}
      page="order"
      title={`${title} · ${shop.name}`}
      description={null}
      path={`/s/${shop.slug}/orders/${order.order_number}`}
      noindex
    >
      <ShopHeader context={context} headingLevel={2} />
      <div className="container layout">
        <main className="order-status" id="order">
          <h1>{title}</h1>
          <dl className="order-facts">
            <div>
              <dt>{texts.orderStatus}</dt>
              <dd>
                <strong data-order-status={order.status}>{statusWords(order.status)}</strong>
              </dd>
            </div>
            <div>
              <dt>{texts.placedOn}</dt>
              <dd>{formatDateTime(new Date(order.created_at), language, timezone)}</dd>
            </div>
            <div>
              <dt>{texts.paymentMethod}</dt>
              <dd>{texts.paymentMethods[order.payment_method] ?? order.payment_method}</dd>
            </div>
            <div>
              <dt>{texts.paymentStatus}</dt>
              <dd>{texts.paymentStatuses[order.payment_status] ?? order.payment_status}</dd>
            </div>
            {order.location ? (
              <div>
                <dt>{texts.location}</dt>
                <dd>
                  {order.location.name}
                  {order.location.address ? `, ${order.location.address}` : ''}
                </dd>
              </div>
            ) : null}
          </dl>
          {transfer ? (
            <section className="notice transfer-instructions" aria-label={texts.transferInstructions}>
              <p>
                <strong>{texts.transferInstructions}</strong>
              </p>
              <p>{transfer}</p>
            </section>
          ) : null}
          <section className="summary" aria-labelledby="order-lines-heading">
            <h2 id="order-lines-heading">{texts.orderLines}</h2>
            <ul className="order-lines">
              {order.items.map((item, index) => (
                <li key={index}>
                  <span>
                    {item.quantity} × {item.name}
                  </span>
                  <span>{money(item.line_total)}</span>
                </li>
              ))}
            </ul>
            <dl>
              <div>
                <dt>{texts.subtotal}</dt>
                <dd>{money(order.subtotal)}</dd>
              </div>
              <div>
                <dt>{texts.discount}</dt>
                <dd>{money(order.discount_amount > 0 ? -order.discount_amount : 0)}</dd>
              </div>
              <div>
                <dt>{texts.deliveryFee}</dt>
                <dd>{money(order.delivery_fee)}</dd>
              </div>
              <div className="summary-total">
                <dt>{texts.total}</dt>
                <dd>{money(order.total)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="order-history-heading">
            <h2 id="order-history-heading">{texts.history}</h2>
            <ol className="order-history">
              {order.events.map((event, index) => (
                <li key={index}>
                  <time dateTime={event.created_at}>{formatDateTime(new Date(event.created_at), language, timezone)}</time>{' '}
                  <span>
                    {event.type === 'status_changed' && event.to_status
                      ? texts.historyStatus(statusWords(event.to_status))
                      : (texts.historyEvents[event.type] ?? event.type)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <ShopContact shop={shop} texts={texts} />
          <p>
            <a href={`/s/${shop.slug}`}>{texts.backToShop}</a>
          </p>
        </main>
        <aside className="side">
          <CartRegion texts={texts} checkoutHref={`/s/${shop.slug}/checkout`} showCheckoutLink />
        </aside>
      </div>
    </Layout>
  );
}
