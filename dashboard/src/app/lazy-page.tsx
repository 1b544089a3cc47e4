import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * A page's code could not be loaded (its JavaScript or its CSS): the server or the network is
 * down. The route's error element shows the outage banner for it, never a crash screen.
 */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PageLoadError';
  }
}

const resets = new Set<() => void>();
/** Stylesheets of pages whose preload failed, by address, with the load under way if any. */
const failedStylesheets = new Map<string, Promise<void> | null>();

/**
 * One chunk per page (React.lazy), loaded when the page is first opened. React.lazy keeps a failed
 * import for good, so a page whose load failed gets a fresh lazy component on `retryPageLoads()`:
 * its next render imports the chunk again, without reloading the app (docs/dashboard.md, "Outages").
 */
export function page(load: Load): ComponentType {
  let failed = false;
  const attempt = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      loadFailedStylesheets()
        .then(load)
        .catch((cause: unknown) => {
          failed = true;
          throw new PageLoadError(cause);
        }),
    );
  let Lazy = attempt();
  resets.add(() => {
    if (!failed) return;
    failed = false;
    Lazy = attempt();
  });
  return function Page() {
    return <Lazy />;
  };
}

/** Every page whose code failed to load will import it again when next rendered. */
export function retryPageLoads(): void {
  for (const reset of resets) reset();
}

/**
 * Vite adds a page's stylesheet as a `<link>` before importing its chunk, and tries each address
 * once per app: when that link fails ("Unable to preload CSS for …", the `vite:preloadError`
 * event), Vite never asks for it again, so a page loaded on a retry would have no styles. The
 * failed link is removed and its address kept; the next attempt to load a page adds it again and
 * waits for it. The event is not cancelled: the import fails, and the route shows the outage.
 */
export function reloadFailedStylesheets(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const href = /Unable to preload CSS for (\S+)/.exec(payload instanceof Error ? payload.message : '')?.[1];
    if (!href) return;
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (link.href === href) link.remove();
    }
    if (!failedStylesheets.has(href)) failedStylesheets.set(href, null);
  });
}

function loadFailedStylesheets(): Promise<unknown> {
  return Promise.all(
    [...failedStylesheets].map(([href, pending]) => {
      if (pending) return pending;
      const loading = new Promise<void>((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.addEventListener('load', () => {
          failedStylesheets.delete(href);
          resolve();
        });
        link.addEventListener('error', () => {
          link.remove();
          failedStylesheets.set(href, null);
          reject(new Error(`Unable to load CSS ${href}`));
        });
        document.head.appendChild(link);
      });
      failedStylesheets.set(href, loading);
      return loading;
    }),
  );
}
