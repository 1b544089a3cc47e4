import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/**
 * How the text part reads the HTML: the shop's name as written (not upper-cased), and each row of
 * amounts (`table.mail-amounts`, a react-email Row) as columns: `2 x Camisa   L 500.00`.
 */
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.mail-amounts', format: 'dataTable', options: { uppercaseHeaderCells: false, colSpacing: 3 } },
  ],
};

/** A mail's two parts from one template: the HTML react-email writes and the plain text read from it. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS })]);
  return { html, text };
}
