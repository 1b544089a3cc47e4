import './storefront.css';
import { SHOP_TEXTS } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { recordInteraction, trackEvent } from './analytics';
import { Cart, renderCart } from './cart';
import { startCheckout } from './checkout';
import { all, element, one } from './dom';
import { refreshCartPrices } from './prices';
import { releaseHold } from './session';
import { startShareButton } from './share';

function readConfig(): ShopPageConfig | null {
  const block = document.getElementById('shop-config');
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ShopPageConfig;
  } catch {
    return null;
  }
}

function start(): void {
  const config = readConfig();
  if (!config) return;
  const texts = SHOP_TEXTS[config.language];
  const cart = new Cart(config.slug);
  cart.onChange(() => renderCart(cart, config, texts));
  // Emptying the cart gives the checkout session's held stock back at once (docs/storefront.md).
  let hadLines = cart.lines().length > 0;
  cart.onChange(() => {
    const hasLines = cart.lines().length > 0;
    if (hadLines && !hasLines) releaseHold(config);
    hadLines = hasLines;
  });
  renderCart(cart, config, texts);
  recordInteraction(config, 'view', { page: config.page });

  // Said aloud when a product goes into the cart.
  const status = element('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  document.body.append(status);

  for (const button of all<HTMLButtonElement>('[data-add-to-cart]')) {
    button.addEventListener('click', () => {
      const card = button.closest<HTMLElement>('[data-product-id]');
      if (!card || button.disabled) return;
      const productId = Number(card.dataset.productId);
      const name = card.dataset.name ?? '';
      cart.add({ productId, name, price: Number(card.dataset.price) });
      status.textContent = texts.itemsAdded(name);
      trackEvent(config, 'cart_add', { product_id: productId });
    });
  }
  // The contact's links (docs/storefront.md, "The shop's contact"): a location's carry its id.
  const where = (link: HTMLElement) => ({
    page: config.page,
    ...(link.dataset.locationId ? { location_id: link.dataset.locationId } : {}),
  });
  for (const link of all<HTMLAnchorElement>('[data-maps-link]')) {
    link.addEventListener('click', () => recordInteraction(config, 'maps_click', where(link)));
  }
  for (const link of all<HTMLAnchorElement>('[data-whatsapp-link]')) {
    link.addEventListener('click', () => {
      trackEvent(config, 'whatsapp_click', { metadata: where(link) });
      recordInteraction(config, 'whatsapp_click', where(link));
    });
  }
  for (const link of all<HTMLAnchorElement>('[data-call-link]')) {
    link.addEventListener('click', () => {
      trackEvent(config, 'call', { metadata: where(link) });
      recordInteraction(config, 'call_click', where(link));
    });
  }
  startShareButton(config, texts);
  const form = one<HTMLFormElement>('[data-checkout-form]');
  if (config.page === 'checkout' && form) startCheckout(config, texts, cart, form);
  // The cart opens with the shop's current prices (the checkout reads them itself, before its order).
  else void refreshCartPrices(config, cart, texts);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
