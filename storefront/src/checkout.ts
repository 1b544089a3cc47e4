import { formatMoney, type ShopTexts } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopLocation, ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { sendConversion, trackEvent } from './analytics';
import { type ApiAnswer, callApi, fieldErrors, type OrderBody } from './api';
import { type Cart, type CartLine, markCartLine } from './cart';
import { all, one } from './dom';

interface Coupon {
  code: string;
  couponType: string;
  discount: number;
}

interface Placed {
  orderNumber: string;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The checkout page: holds the cart's stock when it opens, keeps the summary, applies a coupon and
 * places the order with one Idempotency-Key per attempt (kept in sessionStorage, so a double
 * click, a reload or a retry after a network error sends the same key and makes one order).
 */
export function startCheckout(config: ShopPageConfig, texts: ShopTexts, cart: Cart, form: HTMLFormElement): void {
  const storageKey = (name: string) => `storefront:${config.slug}:checkout:${name}`;
  const formError = one('[data-form-error]')!;
  const confirmation = one('[data-confirmation]')!;
  const placeButton = one<HTMLButtonElement>('[data-place-order]', form)!;
  const couponInput = one<HTMLInputElement>('#coupon_code', form)!;
  let coupon: Coupon | null = null;
  let subtotal = cart.subtotal();
  let placing = false;
  const viewedLocations = new Set<string>();

  const sessionId = (() => {
    let id = sessionStorage.getItem(storageKey('session'));
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(storageKey('session'), id);
    }
    return id;
  })();

  const items = (lines: CartLine[] = cart.lines()) => lines.map((line) => ({ product_id: line.productId, quantity: line.quantity }));
  const deliveryType = () =>
    (one<HTMLInputElement>('input[name="delivery_type"]:checked', form)?.value ?? 'pickup') as 'pickup' | 'delivery';
  const chosenLocationId = () =>
    one<HTMLSelectElement>('select[name="location_id"]', form)?.value ??
    one<HTMLInputElement>('input[name="location_id"]', form)?.value ??
    null;
  const primaryLocation = (): ShopLocation | undefined => config.locations.find((location) => location.is_primary) ?? config.locations[0];
  const location = () =>
    deliveryType() === 'pickup'
      ? (config.locations.find((candidate) => candidate.id === chosenLocationId()) ?? primaryLocation())
      : primaryLocation();

  function showError(field: string, message: string): void {
    const slot = one(`[data-error-for="${field}"]`, form);
    if (slot) slot.textContent = message;
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLElement && 'setAttribute' in input) input.setAttribute('aria-invalid', 'true');
  }

  function clearErrors(): void {
    for (const slot of all('[data-error-for]', form)) if (slot.id !== 'coupon_code-error') slot.textContent = '';
    for (const input of all('[aria-invalid]', form)) if (input.id !== 'coupon_code') input.removeAttribute('aria-invalid');
    formError.hidden = true;
    formError.textContent = '';
  }

  function showFormError(message: string): void {
    formError.textContent = message;
    formError.hidden = false;
  }

  function renderSummary(): void {
    const where = location();
    const freeShipping = coupon?.couponType === 'free_shipping';
    const delivery = deliveryType() === 'delivery' && where && !freeShipping ? cents(where.delivery_fee) : 0;
    const discount = Math.min(cents(coupon?.discount ?? 0), cents(subtotal));
    const total = Math.max(0, cents(subtotal) - discount + delivery);
    const set = (name: string, amount: number) =>
      (one(`[data-summary="${name}"]`, form)!.textContent = formatMoney(amount / 100, config.currency));
    set('subtotal', cents(subtotal));
    set('discount', discount === 0 ? 0 : -discount);
    set('delivery', delivery);
    set('total', total);
  }

  function showDeliveryChoice(): void {
    const type = deliveryType();
    for (const part of all('[data-when]', form)) part.hidden = part.dataset.when !== type;
    const where = location();
    // A pickup location's details are on screen: the location_view event (storefront.md).
    if (type === 'pickup' && where && !viewedLocations.has(where.id)) {
      viewedLocations.add(where.id);
      trackEvent(config, 'location_view', { metadata: { location_id: where.id } });
    }
    renderSummary();
  }

  /** Names the product of cart line `index` (or with `productId`) with the refusal's wording, at the cart and at the form. */
  function refuseLine(line: CartLine | undefined, wording: (name: string) => string): void {
    const message = wording(line?.name ?? texts.productFallback);
    if (line) markCartLine(line.productId, message);
    showError('items', message);
  }

  function lineProblems(answer: ApiAnswer, lines: CartLine[]): boolean {
    let found = false;
    for (const [field, message] of Object.entries(fieldErrors(answer))) {
      const match = /^items\.(\d+)\.(\w+)$/.exec(field);
      if (match) {
        found = true;
        const line = lines[Number(match[1])];
        refuseLine(line, match[2] === 'quantity' && /stock/i.test(message) ? texts.soldOut : texts.unavailable);
      }
    }
    return found;
  }

  /**
   * The latest synchronisation. The coupon is checked against the cart the session stored, and the
   * order converts the session's hold (a hold made after it would only keep stock off sale), so
   * both wait for it.
   */
  let synced: Promise<void> = Promise.resolve();

  function syncCart(): Promise<void> {
    synced = synchronize();
    return synced;
  }

  /** Holds the stock and stores the cart on the session (for the coupon and the summary). */
  async function synchronize(): Promise<void> {
    const lines = cart.lines();
    // Nothing to hold once the cart is empty, or while the order is placed or after (a change queued just before).
    if (lines.length === 0 || placing || !confirmation.hidden) return;
    for (const line of lines) markCartLine(line.productId, null);
    const where = location();
    const hold = await callApi(config, '/api/v1/checkout/hold-inventory', {
      items: items(lines),
      session_id: sessionId,
      ...(deliveryType() === 'pickup' && where ? { location_id: where.id } : {}),
    });
    if (hold?.status === 409)
      refuseLine(
        lines.find((line) => line.productId === Number(hold.body.product_id)),
        texts.soldOut,
      );
    else if (hold?.status === 400) showFormError(texts.noLocation);
    else if (hold?.status === 429) showFormError(texts.tooManyRequests);
    else if (hold?.status === 422) lineProblems(hold, lines);
    const summary = await callApi(config, '/api/v1/checkout/cart-summary', {
      session_id: sessionId,
      items: items(lines),
      subtotal: cart.subtotal(),
    });
    if (summary?.status === 200 && typeof summary.body.subtotal === 'number') subtotal = summary.body.subtotal;
    else {
      subtotal = cart.subtotal();
      if (summary?.status === 422) lineProblems(summary, lines);
    }
    renderSummary();
  }

  async function applyCoupon(): Promise<void> {
    await synced;
    const code = couponInput.value.trim();
    const slot = one('#coupon_code-error', form)!;
    couponInput.removeAttribute('aria-invalid');
    if (!code) {
      coupon = null;
      slot.textContent = texts.required;
      couponInput.setAttribute('aria-invalid', 'true');
      renderSummary();
      return;
    }
    const answer = await callApi(config, '/api/v1/checkout/validate-coupon', { session_id: sessionId, code });
    if (answer?.status === 200 && answer.body.valid === true) {
      coupon = {
        code: String(answer.body.code),
        couponType: String(answer.body.coupon_type),
        discount: Number(answer.body.discount_amount),
      };
      slot.textContent =
        coupon.couponType === 'free_shipping'
          ? texts.couponFreeShipping(coupon.code)
          : texts.couponApplied(coupon.code, formatMoney(coupon.discount, config.currency));
    } else {
      coupon = null;
      couponInput.setAttribute('aria-invalid', 'true');
      const reason = answer?.body.error_code;
      slot.textContent =
        (typeof reason === 'string' && texts.couponErrors[reason]) ||
        Object.values(answer ? fieldErrors(answer) : {})[0] ||
        (answer?.status === 429 ? texts.tooManyRequests : texts.couponInvalid);
    }
    renderSummary();
  }

  function orderBody(): OrderBody {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
    const type = deliveryType();
    const where = location();
    return {
      customer_name: value('customer_name'),
      customer_phone: value('customer_phone'),
      ...(value('customer_email') ? { customer_email: value('customer_email') } : {}),
      ...(type === 'delivery' && value('customer_address') ? { customer_address: value('customer_address') } : {}),
      ...(value('customer_notes') ? { customer_notes: value('customer_notes') } : {}),
      delivery_type: type,
      ...(type === 'pickup' && where ? { location_id: where.id } : {}),
      ...(coupon ? { coupon_code: coupon.code } : {}),
      session_id: sessionId,
      items: items(),
    };
  }

  function validate(body: OrderBody): boolean {
    let valid = true;
    const requireField = (field: 'customer_name' | 'customer_phone' | 'customer_address') => {
      if (!body[field]) {
        showError(field, texts.required);
        valid = false;
      }
    };
    requireField('customer_name');
    requireField('customer_phone');
    if (body.delivery_type === 'delivery') requireField('customer_address');
    const email = body.customer_email;
    if (typeof email === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      showError('customer_email', texts.invalidEmail);
      valid = false;
    }
    return valid;
  }

  /** The key of this attempt: the same while the order's body is the same (a retry), a new one once it changes. */
  function attemptKey(body: string): string {
    try {
      const stored = JSON.parse(sessionStorage.getItem(storageKey('attempt')) ?? 'null') as { key: string; body: string } | null;
      if (stored && stored.body === body) return stored.key;
    } catch {
      // A damaged entry: a new attempt.
    }
    const key = crypto.randomUUID();
    sessionStorage.setItem(storageKey('attempt'), JSON.stringify({ key, body }));
    return key;
  }

  function focusFirstError(): void {
    const invalid = one<HTMLElement>('[aria-invalid="true"]', form);
    if (invalid) invalid.focus();
    else if (!formError.hidden) formError.focus();
    else one<HTMLElement>('#items-error')?.focus();
  }

  function showConfirmation(placed: Placed): void {
    form.hidden = true;
    formError.hidden = true;
    one('[data-checkout-heading]')!.hidden = true;
    one('[data-order-number]', confirmation)!.textContent = placed.orderNumber;
    confirmation.hidden = false;
    confirmation.focus();
  }

  async function placeOrder(): Promise<void> {
    if (placing) return;
    clearErrors();
    const body = orderBody();
    if (!validate(body)) {
      focusFirstError();
      return;
    }
    const serialized = JSON.stringify(body);
    const key = attemptKey(serialized);
    placing = true;
    placeButton.disabled = true;
    placeButton.setAttribute('aria-busy', 'true');
    placeButton.textContent = texts.placingOrder;
    try {
      await synced;
      const lines = cart.lines();
      const answer = await callApi(config, '/api/v1/orders', body, { 'Idempotency-Key': key });
      if (answer && (answer.status === 201 || answer.status === 200)) {
        const order = (answer.body.data ?? answer.body) as { order_number?: string; total?: number | string };
        const placed = { orderNumber: String(order.order_number), total: Number(order.total) };
        sessionStorage.setItem(storageKey('placed'), JSON.stringify(placed));
        sessionStorage.removeItem(storageKey('attempt'));
        sessionStorage.removeItem(storageKey('session'));
        cart.clear();
        trackEvent(config, 'purchase', { metadata: { order_number: placed.orderNumber, total: placed.total } });
        sendConversion(config, placed.orderNumber, placed.total);
        showConfirmation(placed);
        return;
      }
      if (answer?.status === 422) {
        const errors = fieldErrors(answer);
        const onLines = lineProblems(answer, lines);
        for (const [field, message] of Object.entries(errors)) {
          if (field.startsWith('items')) {
            if (!onLines) showError('items', message);
          } else if (field === 'coupon_code') {
            coupon = null;
            showError(
              'coupon_code',
              typeof answer.body.error_code === 'string' ? (texts.couponErrors[answer.body.error_code] ?? message) : message,
            );
          } else if (one(`[data-error-for="${field}"]`, form)) showError(field, message);
          else showFormError(message);
        }
        if (Object.keys(errors).length === 0) showFormError(typeof answer.body.message === 'string' ? answer.body.message : texts.tryAgain);
      } else if (answer?.status === 429) showFormError(texts.tooManyRequests);
      else showFormError(texts.tryAgain);
      focusFirstError();
    } finally {
      placing = false;
      placeButton.disabled = false;
      placeButton.removeAttribute('aria-busy');
      placeButton.textContent = texts.placeOrder;
    }
  }

  formError.tabIndex = -1;
  const placedBefore = sessionStorage.getItem(storageKey('placed'));
  if (cart.lines().length === 0) {
    if (placedBefore) showConfirmation(JSON.parse(placedBefore) as Placed);
    else {
      formError.setAttribute('role', 'status');
      showFormError(texts.cartEmptyCheckout);
    }
    return;
  }
  sessionStorage.removeItem(storageKey('placed'));
  form.hidden = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void placeOrder();
  });
  for (const radio of all<HTMLInputElement>('input[name="delivery_type"]', form)) radio.addEventListener('change', showDeliveryChoice);
  one<HTMLSelectElement>('select[name="location_id"]', form)?.addEventListener('change', () => {
    showDeliveryChoice();
    void syncCart();
  });
  one('[data-apply-coupon]', form)!.addEventListener('click', () => void applyCoupon());
  couponInput.addEventListener('keydown', (event) => {
    // Enter in the coupon field applies the coupon rather than placing the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      void applyCoupon();
    }
  });
  let cartChange: number | undefined;
  cart.onChange(() => {
    if (cart.lines().length === 0) return;
    window.clearTimeout(cartChange);
    cartChange = window.setTimeout(() => {
      void syncCart().then(() => (coupon ? applyCoupon() : undefined));
    }, 300);
  });
  showDeliveryChoice();
  void syncCart();
}
