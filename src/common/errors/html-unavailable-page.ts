import type { Request, Response } from 'express';

/**
 * A route that answers HTML (the hosted shop pages) gives its own page for a 503: its middleware
 * puts a renderer on the response with `offerUnavailablePage`, before any guard runs, and the
 * global filter sends that page instead of the JSON body, so a browser never shows JSON at a page's
 * address. The renderer may set headers of its own (language, policy).
 */
export type UnavailablePageRenderer = (request: Request, response: Response) => string;

const KEY = 'unavailablePage';

export function offerUnavailablePage(response: Response, render: UnavailablePageRenderer): void {
  (response.locals as Record<string, unknown>)[KEY] = render;
}

export function unavailablePageOf(response: Response): UnavailablePageRenderer | undefined {
  const render = (response.locals as Record<string, unknown> | undefined)?.[KEY];
  return typeof render === 'function' ? (render as UnavailablePageRenderer) : undefined;
}
