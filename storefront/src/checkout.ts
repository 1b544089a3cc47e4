import { formatMoney, type ShopTexts } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopLocation, ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { sendConversion, trackEvent } from './analytics';
import { type ApiAnswer, callApi, fieldErrors, type OrderBody } from './api';
import { type Cart, type CartLine, markCartLine } from './cart';
import { all, one } from './dom';
import { markPriceChanges, type PriceChange, refreshCartPrices } from './prices';
import { checkoutSessionId, forgetCheckoutSession, releaseHold } from './session';

interface Coupon {
  code: string;
  couponType: string;
  discount: number;
}

interface Placed {
  orderNumber: string;
  total: number;
  /** The order's payment method (absent in what an older page kept). */
  paymentMethod?: string;
  /** The rest of the order (absent in what an older page kept). */
  lines?: Array<{ name: string; quantity: number; lineTotal: number }>;
  subtotal?: number;
  discount?: number;
  deliveryFee?: number;
  branch?: { name: string; address: string | null } | null;
  /** The path (and token) of the order's status page, on this origin. */
  statusPath?: string;
}

/** What the 201 of POST /api/v1/orders tells the confirmation. */
interface PlacedOrder {
  order_number?: string;
  total?: number | string;
  payment_method?: string;
  items?: Array<{ name?: string; quantity?: number; line_total?: number | string }>;
  subtotal?: number | string;
  discount_amount?: number | string;
  delivery_fee?: number | string;
  location_id?: string | null;
  location?: { name?: string; address?: string | null } | null;
  status_url?: string;
}

/** The status page's path and query from the order's `status_url`: the page is served by this same service. */
function statusPathOf(statusUrl: string | undefined): string | undefined {
  if (!statusUrl) return undefined;
  try {
    const url = new URL(statusUrl, window.location.origin);
    return url.pathname.startsWith('/s/') ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The checkout page: holds the cart's stock when it opens, keeps the summary, applies a coupon and
 * places the order with one Idempotency-Key per attempt (kept in sessionStorage, so a double
 * click, a reload or a retry after a network error sends the same key and makes one order).
 * A refused session or hold never stops the purchase, and leaving without ordering gives the held
 * stock back (docs/storefront.md).
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
  const priceNotice = one('[data-price-changes]')!;
  /** The total the summary shows, in cents: the order sends it as `expected_total`. */
  let shownTotal = 0;
  /** The price changes named on screen (kept at their cart lines across the cart's re-renderings). */
  let shownPriceChanges: readonly PriceChange[] = [];
  /** Whether the prices read when the page opened are on screen. */
  let pricesDone = false;

  const sessionId = () => checkoutSessionId(config.slug);
  /** Whether the server stored the session's cart (cart-summary answered 200): else the coupon is checked against the cart's subtotal. */
  let sessionStored = false;

  const items = (lines: CartLine[] = cart.lines()) => lines.map((line) => ({ product_id: line.productId, quantity: line.quantity }));
  const paymentMethod = () => one<HTMLInputElement>('input[name="payment_method"]:checked', form)?.value;
  const deliveryType = () =>
    (one<HTMLInputElement>('input[name="delivery_type"]:checked', form)?.value ?? 'pickup') as 'pickup' | 'delivery';
  const chosenLocationId = () =>
    one<HTMLSelectElement>('select[name="location_id"]', form)?.value ??
    one<HTMLInputElement>('input[name="location_id"]', form)?.value ??
    null;
  const primaryLocation = (): ShopLocation | undefined => config.locations.find((location) => location.is_primary) ?? config.locations[0];
  /** The chosen branch, for pickup and delivery alike (a delivery pays its fee); the primary one until one is chosen. */
  const location = () => config.locations.find((candidate) => candidate.id === chosenLocationId()) ?? primaryLocation();

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
    shownTotal = total;
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

  /**
   * Sold-out wording only when none are left, "not enough" when some are (never how many: docs/storefront.md).
   * The API words the refusal in the page's language ("… is out of stock." / "… está agotado.").
   */
  function stockWording(message: string): (name: string) => string {
    return /out of stock|agotad/i.test(message) ? texts.soldOut : texts.notEnough;
  }

  function lineProblems(answer: ApiAnswer, lines: CartLine[]): boolean {
    let found = false;
    for (const [field, message] of Object.entries(fieldErrors(answer))) {
      const match = /^items\.(\d+)\.(\w+)$/.exec(field);
      if (match) {
        found = true;
        const line = lines[Number(match[1])];
        refuseLine(line, match[2] === 'quantity' && /stock|agotad|existencia/i.test(message) ? stockWording(message) : texts.unavailable);
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
    // A stock message holds until the quantities fit again: each synchronisation starts clean.
    for (const line of lines) markCartLine(line.productId, null);
    const itemsError = one('[data-error-for="items"]', form);
    if (itemsError) itemsError.textContent = '';
    markPriceChanges(shownPriceChanges, texts);
    const where = location();
    const hold = await callApi(config, '/api/v1/checkout/hold-inventory', {
      items: items(lines),
      session_id: sessionId(),
      ...(where ? { location_id: where.id } : {}),
    });
    if (hold?.status === 409) {
      const line = lines.find((candidate) => candidate.productId === Number(hold.body.product_id));
      // The 409 does not say how many are left: one unit refused means none, more means not enough.
      refuseLine(line, line && line.quantity > 1 ? texts.notEnough : texts.soldOut);
    } else if (hold?.status === 400) showFormError(texts.noLocation);
    else if (hold?.status === 422) lineProblems(hold, lines);
    // A hold refused for this connection's bounds (429) is not the shopper's problem: the order
    // checks the stock when it is placed.
    const summary = await callApi(config, '/api/v1/checkout/cart-summary', {
      session_id: sessionId(),
      items: items(lines),
      subtotal: cart.subtotal(),
    });
    sessionStored = summary?.status === 200;
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
    // A session the server refused (429) has no stored cart: the coupon is checked against the cart's subtotal.
    const answer = await callApi(config, '/api/v1/checkout/validate-coupon', {
      session_id: sessionId(),
      code,
      ...(sessionStored ? {} : { cart_subtotal: cart.subtotal() }),
    });
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
      ...(where ? { location_id: where.id } : {}),
      ...(coupon ? { coupon_code: coupon.code } : {}),
      ...(paymentMethod() ? { payment_method: paymentMethod() as OrderBody['payment_method'] } : {}),
      session_id: sessionId(),
      items: items(),
      // The total on screen: a different one at the shop is a 409 price_changed, and nothing is placed.
      expected_total: shownTotal / 100,
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

  /** Names every changed price above the summary (and at the cart's lines), or hides the notice when none changed. */
  function showPriceChanges(changes: readonly PriceChange[], fallback: string | null = null): void {
    shownPriceChanges = changes;
    const sentences = changes.map((change) => texts.priceChanged(change.name));
    if (sentences.length === 0 && fallback) sentences.push(fallback);
    priceNotice.textContent = sentences.join(' ');
    priceNotice.hidden = sentences.length === 0;
    markPriceChanges(changes, texts);
  }

  /** Reads the catalog's prices again, brings the cart and the summary up to them and names what changed. */
  async function checkPrices(fallback: string | null = null): Promise<PriceChange[]> {
    const changes = await refreshCartPrices(config, cart, texts);
    if (changes.length > 0) {
      await syncCart();
      if (coupon) await applyCoupon();
    }
    showPriceChanges(changes, fallback);
    return changes;
  }

  /** A cart change waiting (debounced) for its synchronisation, if any. */
  let cartChange: number | undefined;

  /** The cart synchronised again after a change, and the coupon decided again on it. */
  async function resync(): Promise<void> {
    cartChange = undefined;
    await syncCart();
    if (coupon) await applyCoupon();
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

  /** What the confirmation shows of the order the shop answered. */
  function placedFrom(order: PlacedOrder): Placed {
    const known = order.location_id ? config.locations.find((candidate) => candidate.id === order.location_id) : undefined;
    const branch = order.location ?? known;
    return {
      orderNumber: String(order.order_number),
      total: Number(order.total),
      paymentMethod: order.payment_method,
      lines: (order.items ?? []).map((item) => ({
        name: String(item.name ?? ''),
        quantity: Number(item.quantity ?? 0),
        lineTotal: Number(item.line_total ?? 0),
      })),
      subtotal: Number(order.subtotal ?? 0),
      discount: Number(order.discount_amount ?? 0),
      deliveryFee: Number(order.delivery_fee ?? 0),
      branch: branch ? { name: String(branch.name ?? ''), address: branch.address ?? null } : null,
      statusPath: statusPathOf(order.status_url),
    };
  }

  function showConfirmation(placed: Placed): void {
    form.hidden = true;
    formError.hidden = true;
    one('[data-checkout-heading]')!.hidden = true;
    const money = (amount: number | undefined) => formatMoney(amount ?? 0, config.currency);
    one('[data-order-number]', confirmation)!.textContent = placed.orderNumber;
    // The lines and totals charged, how it is paid and, for a transfer, where to send it.
    const list = one('[data-order-lines]', confirmation)!;
    list.replaceChildren(
      ...(placed.lines ?? []).map((line) => {
        const item = document.createElement('li');
        const what = document.createElement('span');
        what.textContent = `${line.quantity} × ${line.name}`;
        const amount = document.createElement('span');
        amount.textContent = money(line.lineTotal);
        item.append(what, amount);
        return item;
      }),
    );
    one('[data-order-subtotal]', confirmation)!.textContent = money(placed.subtotal ?? placed.total);
    one('[data-order-discount]', confirmation)!.textContent = money(placed.discount ? -placed.discount : 0);
    one('[data-order-delivery]', confirmation)!.textContent = money(placed.deliveryFee);
    one('[data-order-total]', confirmation)!.textContent = money(placed.total);
    const method = placed.paymentMethod ? texts.paymentMethods[placed.paymentMethod] : undefined;
    one('[data-order-payment]', confirmation)!.hidden = !method;
    one('[data-order-payment-method]', confirmation)!.textContent = method ?? '';
    for (const part of all('[data-placed-payment]', confirmation)) part.hidden = part.dataset.placedPayment !== placed.paymentMethod;
    const branch = placed.branch;
    one('[data-order-branch]', confirmation)!.hidden = !branch;
    one('[data-order-branch-name]', confirmation)!.textContent = branch
      ? branch.address
        ? `${branch.name}, ${branch.address}`
        : branch.name
      : '';
    const statusLink = one<HTMLAnchorElement>('[data-order-status-link]', confirmation)!;
    if (placed.statusPath) statusLink.href = placed.statusPath;
    one('[data-order-status-row]', confirmation)!.hidden = !placed.statusPath;
    confirmation.hidden = false;
    confirmation.focus();
  }

  async function placeOrder(): Promise<void> {
    if (placing) return;
    // Placed only at prices the shopper has seen: pressed while the page's own check still ran,
    // the order waits for it, and goes no further when it found changes (now named on screen).
    if (!pricesDone && (await pricesChecked).length > 0) {
      priceNotice.focus();
      return;
    }
    // A cart change still waiting for its synchronisation (a line removed just before the press):
    // now, so that the total sent is the one of this cart.
    if (cartChange !== undefined) {
      window.clearTimeout(cartChange);
      await resync();
    }
    clearErrors();
    const body = orderBody();
    if (!validate(body)) {
      focusFirstError();
      return;
    }
    placing = true;
    placeButton.disabled = true;
    placeButton.setAttribute('aria-busy', 'true');
    placeButton.textContent = texts.placingOrder;
    try {
      await synced;
      // The total on screen once the cart is synchronised (a retry shows the same, and so sends the same body and key).
      body.expected_total = shownTotal / 100;
      const key = attemptKey(JSON.stringify(body));
      const lines = cart.lines();
      const answer = await callApi(config, '/api/v1/orders', body, { 'Idempotency-Key': key });
      if (answer && (answer.status === 201 || answer.status === 200)) {
        const placed = placedFrom(answer.body.data ?? answer.body);
        sessionStorage.setItem(storageKey('placed'), JSON.stringify(placed));
        sessionStorage.removeItem(storageKey('attempt'));
        forgetCheckoutSession(config.slug);
        cart.clear();
        trackEvent(config, 'purchase', { metadata: { order_number: placed.orderNumber, total: placed.total } });
        sendConversion(config, placed.orderNumber, placed.total);
        showConfirmation(placed);
        return;
      }
      if (answer?.status === 409 && answer.body.code === 'price_changed') {
        // The shop's total is another one: show the current prices and total, and let the shopper decide.
        placing = false;
        await checkPrices(texts.pricesChanged);
        priceNotice.focus();
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
  const showPaymentChoice = () => {
    for (const part of all('[data-when-payment]', form)) part.hidden = part.dataset.whenPayment !== paymentMethod();
  };
  for (const radio of all<HTMLInputElement>('input[name="payment_method"]', form)) radio.addEventListener('change', showPaymentChoice);
  showPaymentChoice();
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
  cart.onChange(() => {
    if (cart.lines().length === 0) return;
    window.clearTimeout(cartChange);
    cartChange = window.setTimeout(() => void resync(), 300);
  });
  // Leaving checkout without ordering (another page, closing the tab) gives the held stock back;
  // a reload holds it again when the page opens.
  window.addEventListener('pagehide', () => {
    if (confirmation.hidden && cart.lines().length > 0) releaseHold(config);
  });
  showDeliveryChoice();
  void syncCart();
  priceNotice.tabIndex = -1;
  const pricesChecked = checkPrices().finally(() => (pricesDone = true));
}
