import type { ShopTexts } from '../i18n/shop-texts';
import type { ShopProfile } from './page-data';

/** `https://wa.me/<digits>` of a WhatsApp number. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** `tel:` of a phone number as written (digits and a leading +). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/** The shop's phone ("Llamar" / "Call") and WhatsApp, where it has them; nothing otherwise. */
export function ShopContact({ contact, texts }: { contact: ShopProfile['contact']; texts: ShopTexts }) {
  if (!contact.phone && !contact.whatsapp) return null;
  return (
    <section className="shop-contact" aria-labelledby="shop-contact-heading">
      <h2 id="shop-contact-heading">{texts.contact}</h2>
      <ul className="contact-links">
        {contact.phone ? (
          <li>
            <a className="button" href={telHref(contact.phone)} data-call-link="">
              {texts.call} {contact.phone}
            </a>
          </li>
        ) : null}
        {contact.whatsapp ? (
          <li>
            <a className="button" href={whatsappHref(contact.whatsapp)} rel="noopener noreferrer" target="_blank" data-whatsapp-link="">
              {texts.whatsapp} {contact.whatsapp}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
