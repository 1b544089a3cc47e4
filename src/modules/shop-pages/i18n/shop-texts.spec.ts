import { formatMoney, pickLanguage, SHOP_TEXTS } from './shop-texts';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['es-HN,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR, en;q=0.5', 'en'],
    ['en;q=0.4, es;q=0.6', 'es'],
    ['EN-gb', 'en'],
    ['en;q=0, es;q=0.1', 'es'],
    ['en;q=abc', 'es'],
    ['de, fr', 'es'],
    ['*', 'es'],
  ])('%p speaks %p', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});

describe('formatMoney', () => {
  it('writes L, thousands separators and two decimals', () => {
    expect(formatMoney(40)).toBe('L 40.00');
    expect(formatMoney('1250.5')).toBe('L 1,250.50');
    expect(formatMoney(1234567.891)).toBe('L 1,234,567.89');
    expect(formatMoney(0.1 + 0.2)).toBe('L 0.30');
    expect(formatMoney(-20)).toBe('L -20.00');
    expect(formatMoney(10, 'USD')).toBe('USD 10.00');
    expect(formatMoney('not a number')).toBe('L 0.00');
  });
});

describe('SHOP_TEXTS', () => {
  it('has every label of storefront.md in both languages', () => {
    expect([SHOP_TEXTS.es.searchLabel, SHOP_TEXTS.en.searchLabel]).toEqual(['Buscar productos', 'Search products']);
    expect([SHOP_TEXTS.es.addToCart, SHOP_TEXTS.en.addToCart]).toEqual(['Agregar al carrito', 'Add to cart']);
    expect([SHOP_TEXTS.es.availability.sold_out, SHOP_TEXTS.en.availability.sold_out]).toEqual(['Agotado', 'Sold out']);
    expect([SHOP_TEXTS.es.cart, SHOP_TEXTS.en.cart]).toEqual(['Carrito', 'Cart']);
    expect([SHOP_TEXTS.es.checkout, SHOP_TEXTS.en.checkout]).toEqual(['Finalizar compra', 'Checkout']);
    expect([SHOP_TEXTS.es.pickup, SHOP_TEXTS.en.pickup]).toEqual(['Recoger', 'Pickup']);
    expect([SHOP_TEXTS.es.delivery, SHOP_TEXTS.en.delivery]).toEqual(['Entrega a domicilio', 'Delivery']);
    expect([SHOP_TEXTS.es.location, SHOP_TEXTS.en.location]).toEqual(['Sucursal', 'Location']);
    expect([SHOP_TEXTS.es.placeOrder, SHOP_TEXTS.en.placeOrder]).toEqual(['Realizar pedido', 'Place order']);
    expect(Object.keys(SHOP_TEXTS.en.couponErrors).sort()).toEqual(Object.keys(SHOP_TEXTS.es.couponErrors).sort());
  });
});
