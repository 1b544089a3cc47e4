import { formatMoney, type ShopTexts } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { all, element, one } from './dom';

export interface CartLine {
  productId: number;
  name: string;
  /** The price shown when it was added; the server prices the order from its catalog. */
  price: number;
  quantity: number;
}

/** At most what one checkout session may hold of one product (INVENTORY_HOLD_MAX_UNITS' default). */
export const MAX_QUANTITY = 20;

/** The cart of one shop, in this browser's localStorage (storefront.md: "kept in the browser per shop"). */
export class Cart {
  private readonly key: string;
  private readonly listeners: Array<() => void> = [];

  constructor(slug: string) {
    this.key = `storefront:${slug}:cart`;
    // Another tab of the same shop changed it.
    window.addEventListener('storage', (event) => {
      if (event.key === this.key) this.emit();
    });
  }

  lines(): CartLine[] {
    try {
      const stored = JSON.parse(localStorage.getItem(this.key) ?? '[]') as unknown;
      if (!Array.isArray(stored)) return [];
      return stored.filter(
        (line): line is CartLine =>
          typeof line === 'object' &&
          line !== null &&
          Number.isInteger((line as CartLine).productId) &&
          typeof (line as CartLine).name === 'string' &&
          Number.isFinite((line as CartLine).price) &&
          Number.isInteger((line as CartLine).quantity) &&
          (line as CartLine).quantity > 0,
      );
    } catch {
      return [];
    }
  }

  add(line: Omit<CartLine, 'quantity'>): void {
    const lines = this.lines();
    const existing = lines.find((candidate) => candidate.productId === line.productId);
    if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + 1);
    else lines.push({ ...line, quantity: 1 });
    this.save(lines);
  }

  setQuantity(productId: number, quantity: number): void {
    const lines = this.lines()
      .map((line) =>
        line.productId === productId ? { ...line, quantity: Math.min(MAX_QUANTITY, Math.max(0, Math.floor(quantity))) } : line,
      )
      .filter((line) => line.quantity > 0);
    this.save(lines);
  }

  /** Gives the lines of `current`'s products their current name and price (the catalog's, read again). */
  reprice(current: ReadonlyMap<number, { name: string; price: number }>): void {
    this.save(this.lines().map((line) => ({ ...line, ...(current.get(line.productId) ?? {}) })));
  }

  clear(): void {
    this.save([]);
  }

  subtotal(): number {
    return this.lines().reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private save(lines: CartLine[]): void {
    if (lines.length === 0) localStorage.removeItem(this.key);
    else localStorage.setItem(this.key, JSON.stringify(lines));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Fills the cart region (lines with a quantity control and line total, subtotal, checkout link) from the cart. */
export function renderCart(cart: Cart, config: ShopPageConfig, texts: ShopTexts): void {
  const region = one('#cart');
  if (!region) return;
  const lines = cart.lines();
  const list = one<HTMLUListElement>('[data-cart-lines]', region)!;
  const focused =
    document.activeElement instanceof HTMLElement && region.contains(document.activeElement) ? document.activeElement.id : null;
  list.replaceChildren(
    ...lines.map((line) => {
      const inputId = `cart-quantity-${line.productId}`;
      const quantity = element('input', {
        type: 'number',
        id: inputId,
        min: '0',
        max: String(MAX_QUANTITY),
        inputmode: 'numeric',
        value: String(line.quantity),
        'aria-label': texts.quantityOf(line.name),
      });
      quantity.addEventListener('change', () => cart.setQuantity(line.productId, Number(quantity.value) || 0));
      const remove = element(
        'button',
        { type: 'button', class: 'link-button', id: `cart-remove-${line.productId}`, 'aria-label': texts.removeLine(line.name) },
        '×',
      );
      remove.addEventListener('click', () => {
        cart.setQuantity(line.productId, 0);
        one<HTMLElement>('#cart-heading')?.focus();
      });
      return element(
        'li',
        { class: 'cart-line', 'data-product-id': String(line.productId) },
        element('span', { class: 'cart-line-name' }, line.name),
        quantity,
        element('span', { class: 'cart-line-total' }, formatMoney((Math.round(line.price * 100) * line.quantity) / 100, config.currency)),
        remove,
      );
    }),
  );
  const empty = lines.length === 0;
  list.hidden = empty;
  one('[data-cart-empty]', region)!.hidden = !empty;
  one('[data-cart-subtotal-row]', region)!.hidden = empty;
  one('[data-cart-subtotal]', region)!.textContent = formatMoney(cart.subtotal(), config.currency);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const link = one('[data-cart-link]');
  if (link) link.textContent = count > 0 ? `${texts.cart} (${count})` : texts.cart;
  const checkout = one('[data-cart-checkout]', region);
  if (checkout) checkout.hidden = empty;
  if (focused) document.getElementById(focused)?.focus();
}

/** Marks the line of a product in the cart region (sold out, unavailable). */
export function markCartLine(productId: number, message: string | null): void {
  for (const line of all(`#cart .cart-line[data-product-id="${productId}"]`)) {
    line.classList.toggle('cart-line-problem', message !== null);
    let note = one('.cart-line-note', line);
    if (message === null) note?.remove();
    else {
      note ??= line.appendChild(element('span', { class: 'cart-line-note' }));
      note.textContent = message;
    }
  }
}
