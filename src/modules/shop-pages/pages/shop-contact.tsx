import type { ShopTexts } from '../i18n/shop-texts';
import { SOCIAL_NETWORKS, type ShopProfile } from './page-data';

/** `https://wa.me/<digits>` of a WhatsApp number. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** `tel:` of a phone number as written (digits and a leading +). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/** A search of Google Maps for an address (no key needed; the map app opens it on a phone). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * The shop's contact (docs/storefront.md, "The shop's contact"): its address, "Llamar" / "Call"
 * (`tel:`), "WhatsApp" (`wa.me`), its email (`mailto:`) and its social links, where it has them.
 * `share` adds the "Compartir" / "Share" button (the shop page only: an order's status page is
 * private). Nothing when there is nothing to show.
 */
export function ShopContact({ shop, texts, share = false }: { shop: ShopProfile; texts: ShopTexts; share?: boolean }) {
  // Only https:// links (the API takes no other; a stored value is never a javascript: link here).
  const networks = SOCIAL_NETWORKS.filter((network) => /^https:\/\//i.test(shop.social_links[network] ?? ''));
  const links = Boolean(shop.phone || shop.whatsapp || shop.email);
  if (!links && !shop.address && networks.length === 0) return share ? <ShareButton texts={texts} /> : null;
  return (
    <section className="shop-contact" aria-labelledby="shop-contact-heading">
      <h2 id="shop-contact-heading">{texts.contact}</h2>
      {shop.address ? (
        <p className="shop-address">
          {texts.address}: {shop.address}
        </p>
      ) : null}
      {links ? (
        <ul className="contact-links">
          {shop.phone ? (
            <li>
              <a className="button" href={telHref(shop.phone)} data-call-link="">
                {texts.call} {shop.phone}
              </a>
            </li>
          ) : null}
          {shop.whatsapp ? (
            <li>
              <a className="button" href={whatsappHref(shop.whatsapp)} rel="noopener noreferrer" target="_blank" data-whatsapp-link="">
                {texts.whatsapp} {shop.whatsapp}
              </a>
            </li>
          ) : null}
          {shop.email ? (
            <li>
              <a className="button" href={`mailto:${shop.email}`} data-email-link="">
                {texts.email} {shop.email}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {networks.length > 0 ? (
        <ul className="social-links" aria-label={texts.socialLinks}>
          {networks.map((network) => (
            <li key={network}>
              <a href={shop.social_links[network]} rel="noopener noreferrer" target="_blank" data-social-link={network}>
                {texts.socialNetworks[network]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {share ? <ShareButton texts={texts} /> : null}
    </section>
  );
}

/**
 * "Compartir" / "Share": the script shows it and shares the page's address (the Web Share API, else
 * a copy to the clipboard, said in the live region beside it). Hidden without the script.
 */
function ShareButton({ texts }: { texts: ShopTexts }) {
  return (
    <div className="share">
      <button type="button" className="button" data-share-button="" hidden>
        {texts.share}
      </button>
      <p className="share-status" role="status" aria-live="polite" data-share-status=""></p>
    </div>
  );
}
