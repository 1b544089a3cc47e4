import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './i18n';
import { queryClient } from './api/query-client';
import { reloadFailedStylesheets } from './app/lazy-page';
import { router } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';

/**
 * The nonce the server gave this page for style elements (its Content-Security-Policy allows
 * `style-src 'self' 'nonce-…'`): Mantine puts it on the style elements it injects.
 */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// The style element react-remove-scroll adds while a dialog is open (Mantine's Modal) takes its nonce
// from the get-nonce package, which reads this global when nobody called its setNonce.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

reloadFailedStylesheets();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={() => styleNonce} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
