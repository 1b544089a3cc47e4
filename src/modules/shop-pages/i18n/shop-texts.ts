/**
 * Every word the shop's pages show, in the two languages they speak (storefront.md): the server
 * renders with them and the client script imports the same table, so a label is written once.
 * Plain data and pure functions only: the browser bundle includes this file.
 */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const es = {
  searchLabel: 'Buscar productos',
  searchButton: 'Buscar',
  searchResults: (q: string) => `Resultados para «${q}»`,
  clearSearch: 'Ver todos los productos',
  noProducts: 'Esta tienda aún no tiene productos.',
  noResults: 'Ningún producto coincide con la búsqueda.',
  moreProducts: 'Más productos',
  productsHeading: 'Productos',
  skipToProducts: 'Ir a los productos',
  addToCart: 'Agregar al carrito',
  availability: { in_stock: 'Disponible', low_stock: 'Quedan pocas unidades', sold_out: 'Agotado' },
  cart: 'Carrito',
  cartEmpty: 'Tu carrito está vacío.',
  quantityOf: (name: string) => `Cantidad de ${name}`,
  removeLine: (name: string) => `Quitar ${name}`,
  subtotal: 'Subtotal',
  discount: 'Descuento',
  deliveryFee: 'Envío',
  total: 'Total',
  checkout: 'Finalizar compra',
  backToShop: 'Volver a la tienda',
  locations: 'Dónde estamos',
  viewOnMap: (name: string) => `Ver ${name} en el mapa`,
  name: 'Nombre',
  phone: 'Teléfono',
  email: 'Correo',
  optional: '(opcional)',
  deliveryType: 'Entrega',
  pickup: 'Recoger',
  delivery: 'Entrega a domicilio',
  address: 'Dirección',
  location: 'Sucursal',
  pickupAt: 'Recoges en',
  notes: 'Notas',
  coupon: 'Cupón',
  applyCoupon: 'Aplicar',
  couponApplied: (code: string, amount: string) => `Cupón ${code} aplicado: ${amount} de descuento.`,
  couponFreeShipping: (code: string) => `Cupón ${code} aplicado: envío gratis.`,
  couponInvalid: 'Este cupón no es válido.',
  couponErrors: {
    not_found: 'Este cupón no existe.',
    inactive: 'Este cupón no está activo.',
    not_started: 'Este cupón aún no es válido.',
    expired: 'Este cupón ya venció.',
    usage_limit: 'Este cupón ya se usó el máximo de veces.',
    min_spend: 'Tu compra no alcanza el mínimo para este cupón.',
    already_used: 'Ya usaste este cupón.',
    user_limit: 'Ya usaste este cupón el máximo de veces.',
    product_excluded: 'Este cupón no aplica a un producto de tu carrito.',
    category_excluded: 'Este cupón no aplica a un producto de tu carrito.',
  } as Record<string, string>,
  itemsAdded: (name: string) => `${name} se agregó al carrito.`,
  summary: 'Resumen del pedido',
  placeOrder: 'Realizar pedido',
  placingOrder: 'Realizando pedido…',
  noscript: 'Para comprar en esta tienda activa JavaScript en tu navegador.',
  required: 'Este campo es obligatorio.',
  invalidEmail: 'Escribe un correo válido.',
  soldOut: (name: string) => `${name} está agotado.`,
  notEnough: (name: string) => `No hay suficientes unidades de ${name}. Reduce la cantidad.`,
  unavailable: (name: string) => `${name} ya no está disponible.`,
  productFallback: 'Un producto',
  tryAgain: 'No se pudo realizar el pedido. Inténtalo de nuevo.',
  tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  noLocation: 'Esta tienda no está recibiendo pedidos en este momento.',
  thankYou: 'Gracias por tu pedido',
  orderNumber: 'Número de pedido',
  orderReceived: 'La tienda recibió tu pedido y se pondrá en contacto contigo.',
  notFoundTitle: 'Tienda no encontrada',
  notFound: 'No encontramos esta tienda. Puede que la dirección esté mal escrita o que la tienda ya no esté abierta.',
  unavailableTitle: 'Tienda no disponible por un momento',
  shopUnavailable: 'No podemos mostrar esta tienda en este momento. Vuelve a intentarlo en unos segundos.',
  cartEmptyCheckout: 'Tu carrito está vacío: agrega productos en la tienda.',
  paymentMethod: 'Forma de pago',
  paymentMethods: {
    cash: 'Efectivo',
    bank_transfer: 'Transferencia bancaria',
    card: 'Tarjeta',
    pending: 'Por acordar con la tienda',
  } as Record<string, string>,
  transferInstructions: 'Datos para la transferencia',
  priceChanged: (name: string) => `El precio de ${name} cambió.`,
  pricesChanged: 'Algunos precios cambiaron: revisa el total antes de realizar el pedido.',
  orderLines: 'Productos del pedido',
  contact: 'Contacto de la tienda',
  call: 'Llamar',
  whatsapp: 'WhatsApp',
  seeOrderStatus: 'Ver el estado del pedido',
  orderTitle: (orderNumber: string) => `Pedido #${orderNumber}`,
  orderStatus: 'Estado',
  orderStatuses: {
    pending: 'Recibido: la tienda aún no lo confirma',
    confirmed: 'Confirmado',
    processing: 'En preparación',
    ready: 'Listo',
    delivered: 'Entregado',
    cancelled: 'Cancelado',
  } as Record<string, string>,
  paymentStatus: 'Pago',
  paymentStatuses: { unpaid: 'Pendiente', paid: 'Pagado', failed: 'Rechazado' } as Record<string, string>,
  placedOn: 'Fecha del pedido',
  history: 'Historial',
  historyEvents: {
    created: 'Pedido recibido',
    paid: 'Pago registrado',
    payment_failed: 'Pago rechazado',
  } as Record<string, string>,
  historyStatus: (status: string) => `Estado: ${status}`,
  orderNotFoundTitle: 'Pedido no encontrado',
  orderNotFound: 'No encontramos este pedido. Revisa que el enlace esté completo, tal como te llegó.',
};

export type ShopTexts = typeof es;

const en: ShopTexts = {
  searchLabel: 'Search products',
  searchButton: 'Search',
  searchResults: (q) => `Results for “${q}”`,
  clearSearch: 'See all products',
  noProducts: 'This shop has no products yet.',
  noResults: 'No product matches the search.',
  moreProducts: 'More products',
  productsHeading: 'Products',
  skipToProducts: 'Skip to the products',
  addToCart: 'Add to cart',
  availability: { in_stock: 'In stock', low_stock: 'Only a few left', sold_out: 'Sold out' },
  cart: 'Cart',
  cartEmpty: 'Your cart is empty.',
  quantityOf: (name) => `Quantity of ${name}`,
  removeLine: (name) => `Remove ${name}`,
  subtotal: 'Subtotal',
  discount: 'Discount',
  deliveryFee: 'Delivery fee',
  total: 'Total',
  checkout: 'Checkout',
  backToShop: 'Back to the shop',
  locations: 'Where we are',
  viewOnMap: (name) => `See ${name} on the map`,
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  optional: '(optional)',
  deliveryType: 'Delivery',
  pickup: 'Pickup',
  delivery: 'Delivery',
  address: 'Address',
  location: 'Location',
  pickupAt: 'Pick up at',
  notes: 'Notes',
  coupon: 'Coupon',
  applyCoupon: 'Apply',
  couponApplied: (code, amount) => `Coupon ${code} applied: ${amount} off.`,
  couponFreeShipping: (code) => `Coupon ${code} applied: free delivery.`,
  couponInvalid: 'This coupon is not valid.',
  couponErrors: {
    not_found: 'This coupon does not exist.',
    inactive: 'This coupon is not active.',
    not_started: 'This coupon is not valid yet.',
    expired: 'This coupon has expired.',
    usage_limit: 'This coupon has been used up.',
    min_spend: 'Your order does not reach this coupon’s minimum.',
    already_used: 'You have already used this coupon.',
    user_limit: 'You have used this coupon as many times as it allows.',
    product_excluded: 'This coupon does not apply to a product in your cart.',
    category_excluded: 'This coupon does not apply to a product in your cart.',
  },
  itemsAdded: (name) => `${name} was added to the cart.`,
  summary: 'Order summary',
  placeOrder: 'Place order',
  placingOrder: 'Placing order…',
  noscript: 'To buy from this shop, turn on JavaScript in your browser.',
  required: 'This field is required.',
  invalidEmail: 'Enter a valid email address.',
  soldOut: (name) => `${name} is sold out.`,
  notEnough: (name) => `There are not enough units of ${name}. Lower the quantity.`,
  unavailable: (name) => `${name} is no longer available.`,
  productFallback: 'A product',
  tryAgain: 'The order could not be placed. Please try again.',
  tooManyRequests: 'Too many attempts. Wait a moment and try again.',
  noLocation: 'This shop is not taking orders right now.',
  thankYou: 'Thank you for your order',
  orderNumber: 'Order number',
  orderReceived: 'The shop has your order and will get in touch.',
  notFoundTitle: 'Shop not found',
  notFound: 'We could not find this shop. The address may be mistyped, or the shop is no longer open.',
  unavailableTitle: 'Shop briefly unavailable',
  shopUnavailable: 'We cannot show this shop right now. Please try again in a few seconds.',
  cartEmptyCheckout: 'Your cart is empty: add products in the shop.',
  paymentMethod: 'Payment method',
  paymentMethods: { cash: 'Cash', bank_transfer: 'Bank transfer', card: 'Card', pending: 'To be agreed with the shop' },
  transferInstructions: 'Bank transfer details',
  priceChanged: (name) => `The price of ${name} changed.`,
  pricesChanged: 'Some prices changed: check the total before placing the order.',
  orderLines: 'Items of the order',
  contact: "The shop's contact",
  call: 'Call',
  whatsapp: 'WhatsApp',
  seeOrderStatus: "See the order's status",
  orderTitle: (orderNumber) => `Order #${orderNumber}`,
  orderStatus: 'Status',
  orderStatuses: {
    pending: 'Received: the shop has not confirmed it yet',
    confirmed: 'Confirmed',
    processing: 'Being prepared',
    ready: 'Ready',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
  },
  paymentStatus: 'Payment',
  paymentStatuses: { unpaid: 'Not paid yet', paid: 'Paid', failed: 'Failed' },
  placedOn: 'Placed',
  history: 'History',
  historyEvents: { created: 'Order placed', paid: 'Payment recorded', payment_failed: 'Payment failed' },
  historyStatus: (status) => `Status: ${status}`,
  orderNotFoundTitle: 'Order not found',
  orderNotFound: 'We could not find this order. Check that the link is complete, as you received it.',
};

export const SHOP_TEXTS: Record<Language, ShopTexts> = { es, en };

/**
 * The page's language from `Accept-Language`: the listed language the pages speak with the
 * highest weight (earlier wins a tie), Spanish when none is listed or the header is absent.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'es';
  let best: { language: Language; weight: number } | null = null;
  for (const part of acceptLanguage.slice(0, 512).split(',')) {
    const [range, ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'es' && primary !== 'en') continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? 'es';
}

/** `L 1,250.00`: the shop's currency sign (`L` for HNL, else the code) and two decimals. */
export function formatMoney(amount: number | string, currency = 'HNL'): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const fixed = (Number.isFinite(value) ? value : 0).toFixed(2);
  const [whole, cents] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency === 'HNL' ? 'L' : currency} ${grouped}.${cents}`;
}
