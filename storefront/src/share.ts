import type { ShopTexts } from '@modules/shop-pages/i18n/shop-texts';
import type { ShopPageConfig } from '@modules/shop-pages/pages/page-data';
import { trackEvent } from './analytics';
import { one } from './dom';

/** The page's own address, without a search or a cursor: its canonical link, else where the browser is. */
function pageUrl(): string {
  return one<HTMLLinkElement>('link[rel="canonical"]')?.href || `${location.origin}${location.pathname}`;
}

/** The clipboard API where the browser allows it, else a selected text field and the copy command. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.className = 'visually-hidden';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

/**
 * The "Compartir" / "Share" button (docs/storefront.md, "The shop's contact"): shown once the script
 * runs; it opens the system's share sheet (the Web Share API) with the shop's address, else copies
 * the address and says "Enlace copiado" / "Link copied" in its live region. A share made (not one
 * the shopper cancelled) is tracked as `social_share`.
 */
export function startShareButton(config: ShopPageConfig, texts: ShopTexts): void {
  const button = one<HTMLButtonElement>('[data-share-button]');
  const status = one<HTMLElement>('[data-share-status]');
  if (!button || !status) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    const url = pageUrl();
    status.textContent = '';
    void (async () => {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: document.title, url });
          trackEvent(config, 'social_share', { metadata: { method: 'share_sheet' } });
        } catch {
          // Cancelled by the shopper (or refused): nothing was shared.
        }
        return;
      }
      const copied = await copyText(url);
      status.textContent = copied ? texts.linkCopied : texts.copyThisLink(url);
      if (copied) trackEvent(config, 'social_share', { metadata: { method: 'copy_link' } });
    })();
  });
}
