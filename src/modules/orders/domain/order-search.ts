/**
 * What a merchant's order search term asks for (docs/commerce.md "Order search"), read from the
 * trimmed term. The name is matched in the catalog's search form, which the caller supplies
 * (`nameKey`), so one normaliser serves products and orders alike.
 *
 * - `#1042` or `1042`: the order number, exactly (and, for bare digits, the phone's digits too);
 * - a term of phone characters only (digits, spaces, `+`, `-`, `.`, parentheses) holding digits:
 *   the phone's digits contain the term's digits (`9999-88` finds `+504 9999 8888`);
 * - anything with a letter (or other characters): the customer's name contains it, case and
 *   accents aside.
 */
/** A search's count stops here: `meta.total` of a search is exact up to it. */
export const SEARCH_COUNT_LIMIT = 1000;

export interface OrderSearchTerm {
  /** Exact order number, or null. */
  orderNumber: string | null;
  /** Digits the phone's digits must contain, or null. */
  phoneDigits: string | null;
  /** The name key the customer's name key must contain, or null. */
  nameKey: string | null;
}

const ORDER_NUMBER = /^#?(\d{1,20})$/;
const PHONE_LIKE = /^[\d\s+\-.()]+$/;

export function readOrderSearchTerm(term: string, nameKey: (text: string) => string): OrderSearchTerm {
  const number = ORDER_NUMBER.exec(term);
  if (number) {
    return { orderNumber: number[1], phoneDigits: term.startsWith('#') ? null : number[1], nameKey: null };
  }
  if (PHONE_LIKE.test(term)) {
    const digits = phoneDigits(term);
    if (digits) return { orderNumber: null, phoneDigits: digits, nameKey: null };
  }
  const key = nameKey(term);
  return { orderNumber: null, phoneDigits: null, nameKey: key || null };
}

/** A phone's digits alone (`+504 9999-8888` → `50499998888`): what the phone search matches. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}
