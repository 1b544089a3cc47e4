import { answerLanguage, preferredLanguage } from './api-language';
import { API_MESSAGES_EN } from './api-messages.en';
import { API_MESSAGES_ES } from './api-messages.es';
import { findApiMessage, localizeErrorBody, localizeMessage, variablesOf } from './api-messages';

describe('API messages', () => {
  it('has a Spanish twin for every English text, with the same variables', () => {
    expect(Object.keys(API_MESSAGES_ES).sort()).toEqual(Object.keys(API_MESSAGES_EN).sort());
    for (const [key, english] of Object.entries(API_MESSAGES_EN)) {
      const spanish = API_MESSAGES_ES[key as keyof typeof API_MESSAGES_EN];
      expect({ key, variables: variablesOf(spanish).sort() }).toEqual({ key, variables: variablesOf(english).sort() });
      expect({ key, same: spanish === english }).toEqual({ key, same: false });
    }
  });

  it('finds every English text back under its own key', () => {
    for (const [key, english] of Object.entries(API_MESSAGES_EN)) {
      const sample = english.replace(/\{\{(\w+)\}\}/g, (_, name: string) => `<${name}>`);
      expect({ sample, key: findApiMessage(sample)?.key }).toEqual({ sample, key });
    }
  });

  it('leaves English and unknown texts exactly as they are', () => {
    expect(localizeMessage('The name field is required.', 'en')).toBe('The name field is required.');
    expect(localizeMessage('Something nobody catalogued.', 'es')).toBe('Something nobody catalogued.');
    const body = { message: 'Order not found.' };
    expect(localizeErrorBody(body, 'en')).toBe(body);
  });

  it('writes known texts in Spanish, with their variable parts', () => {
    expect(localizeMessage('Too Many Attempts.', 'es')).toBe('Demasiados intentos.');
    expect(localizeMessage('The items.0.product_id field is required.', 'es')).toBe('El campo items.0.product_id es obligatorio.');
    expect(localizeMessage('The password must be at least 8 characters.', 'es')).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(localizeMessage('The name may not be greater than 255 characters.', 'es')).toBe(
      'El campo name no puede tener más de 255 caracteres.',
    );
    expect(localizeMessage('customer_name must be shorter than or equal to 255 characters', 'es')).toBe(
      'El campo customer_name debe tener 255 caracteres o menos',
    );
    expect(localizeMessage('Only 2 of Café molido left in stock.', 'es')).toBe('Solo quedan 2 de Café molido en existencia.');
    expect(localizeMessage('Please try again in 1 minute.', 'es')).toBe('Inténtelo de nuevo en 1 minuto.');
    expect(localizeMessage('Please try again in 3 hours.', 'es')).toBe('Inténtelo de nuevo en 3 horas.');
  });

  it("writes the categories' refusals in Spanish", () => {
    expect(localizeMessage('Category not found.', 'es')).toBe('Categoría no encontrada.');
    expect(localizeMessage('The category 7 does not exist in this shop.', 'es')).toBe('La categoría 7 no existe en esta tienda.');
    expect(localizeMessage('The name has already been taken.', 'es')).toBe('El valor de name ya está en uso.');
    expect(localizeMessage('The selected category_id is invalid.', 'es')).toBe('El valor seleccionado de category_id no es válido.');
    expect(localizeMessage('The name may not be greater than 120 characters.', 'es')).toBe(
      'El campo name no puede tener más de 120 caracteres.',
    );
    expect(localizeMessage('The position must be at least 0.', 'es')).toBe('El campo position debe ser al menos 0.');
  });

  it("writes the image uploads' refusals in Spanish", () => {
    expect(localizeMessage('The file must be a JPEG, PNG or WebP image.', 'es')).toBe('El archivo debe ser una imagen JPEG, PNG o WebP.');
    expect(localizeMessage('The file may not be greater than 5 MB.', 'es')).toBe('El archivo no puede pesar más de 5 MB.');
    expect(localizeMessage('The image may not have more than 40 megapixels.', 'es')).toBe(
      'La imagen no puede tener más de 40 megapíxeles.',
    );
    expect(localizeMessage('The file field is required.', 'es')).toBe('El campo file es obligatorio.');
  });

  it("writes the shop's contact fields' refusals in Spanish", () => {
    expect(
      localizeMessage(
        'The phone must be a phone number of 7 to 20 characters (digits, spaces, +, -, parentheses) with at least 7 digits.',
        'es',
      ),
    ).toBe('El campo phone debe ser un teléfono de 7 a 20 caracteres (dígitos, espacios, +, -, paréntesis) con al menos 7 dígitos.');
    expect(
      localizeMessage(
        'The whatsapp must be an international number in E.164 form, such as +50499990000: a + and 8 to 15 digits, the first not 0.',
        'es',
      ),
    ).toBe(
      'El campo whatsapp debe ser un número internacional en formato E.164, como +50499990000: un + y de 8 a 15 dígitos, el primero distinto de 0.',
    );
    expect(localizeMessage('The email must be a valid email address.', 'es')).toBe(
      'El campo email debe ser una dirección de correo válida.',
    );
    expect(localizeMessage('The logo url must be an https:// URL.', 'es')).toBe('El campo logo url debe ser una URL https://.');
    expect(localizeMessage('The social_links.tiktok must be an https:// URL.', 'es')).toBe(
      'El campo social_links.tiktok debe ser una URL https://.',
    );
    expect(localizeMessage('The social_links.youtube field is not allowed.', 'es')).toBe(
      'El campo social_links.youtube no está permitido.',
    );
    expect(localizeMessage('The social links must be an object with some of: facebook, instagram, tiktok.', 'es')).toBe(
      'Las redes sociales deben ser un objeto con algunas de: facebook, instagram, tiktok.',
    );
    expect(localizeMessage('The address may not be greater than 500 characters.', 'es')).toBe(
      'El campo address no puede tener más de 500 caracteres.',
    );
  });

  it('translates a whole error body, field names untouched', () => {
    expect(
      localizeErrorBody(
        {
          message: 'The name field is required. (and 2 more errors)',
          errors: {
            name: ['The name field is required.'],
            'items.0.quantity': ['The quantity must be at least 1.'],
            email: ['The email has already been taken.'],
          },
        },
        'es',
      ),
    ).toEqual({
      message: 'El campo name es obligatorio. (y 2 errores más)',
      errors: {
        name: ['El campo name es obligatorio.'],
        'items.0.quantity': ['El campo quantity debe ser al menos 1.'],
        email: ['El valor de email ya está en uso.'],
      },
    });
    expect(
      localizeErrorBody(
        {
          message: 'This coupon has reached its usage limit.',
          valid: false,
          error: 'This coupon has reached its usage limit.',
          error_code: 'x',
        },
        'es',
      ),
    ).toEqual({
      message: 'Este cupón alcanzó su límite de usos.',
      valid: false,
      error: 'Este cupón alcanzó su límite de usos.',
      error_code: 'x',
    });
  });

  it('reads the first supported language of Accept-Language', () => {
    expect(answerLanguage(undefined)).toBe('en');
    expect(answerLanguage('')).toBe('en');
    expect(answerLanguage('es')).toBe('es');
    expect(answerLanguage('es-HN,es;q=0.9,en;q=0.8')).toBe('es');
    expect(answerLanguage('es-419')).toBe('es');
    expect(answerLanguage('fr-FR, es;q=0.5')).toBe('es');
    expect(answerLanguage('en-US,es;q=0.9')).toBe('en');
    expect(answerLanguage('en;q=0.4, es;q=0.8')).toBe('es');
    expect(answerLanguage('fr, de')).toBe('en');
    expect(answerLanguage('es;q=0, en')).toBe('en');
    expect(answerLanguage('*')).toBe('en');
    expect(preferredLanguage('fr', 'es')).toBe('es');
    expect(preferredLanguage(undefined, 'es')).toBe('es');
    expect(preferredLanguage('en-GB', 'es')).toBe('en');
  });
});
