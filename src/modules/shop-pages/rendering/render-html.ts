import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A whole document from a page element: React escapes every text and attribute it writes. */
export function renderHtml(page: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
