import { Suspense, useEffect, useState } from 'react';
import { Burger, Button, Center, Loader, NavLink, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { api } from '../api/client';
import { useMe, useUnreadCount } from '../api/me';
import { signedOut, useToken } from '../api/session';
import { useRealtime } from '../realtime/use-realtime';
import { ConnectionBanner } from './ConnectionBanner';
import { LanguageSelect } from './LanguageSelect';
import { LiveStatusBanner } from './LiveStatusBanner';
import { NotificationsButton } from './NotificationsButton';
import classes from './layout.module.css';

/** Below this width the navigation sits behind the "Menu" button (dashboard.md). */
const WIDE = '(min-width: 700px)';

const LINKS = [
  { to: '/', key: 'nav.overview', end: true },
  { to: '/orders', key: 'nav.orders' },
  { to: '/products', key: 'nav.products' },
  { to: '/categories', key: 'nav.categories' },
  { to: '/coupons', key: 'nav.coupons' },
  { to: '/locations', key: 'nav.locations' },
  { to: '/exports', key: 'nav.exports' },
  { to: '/shop', key: 'nav.shop' },
] as const;

/** Every signed-in page: header (Menu, Notifications, Language, Sign out), navigation, the page. */
export function Layout() {
  const { t } = useTranslation();
  const token = useToken();
  const me = useMe();
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const location = useLocation();
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const [menuOpen, setMenuOpen] = useState(false);
  useRealtime(token);

  // A page chosen from the menu closes it.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const signOut = async () => {
    // Revoke the token on the server first; forget it here whatever the answer. Without a token the
    // signed-in pages send the person to sign-in, which says they signed out.
    await api.DELETE('/api/v1/auth/token').catch(() => undefined);
    signedOut('signed-out');
    queryClient.clear();
  };

  const count = unread.data?.count ?? 0;
  const isActive = (to: string, end?: boolean) => (end ? location.pathname === to : location.pathname.startsWith(to));
  const links = [...LINKS, ...(me.data?.is_super_admin ? [{ to: '/admin', key: 'nav.admin' as const }] : [])];

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('app.skipToContent')}
      </a>
      <header className={classes.header}>
        {!wide && (
          <Burger
            opened={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
            aria-label={t('nav.menu')}
            aria-expanded={menuOpen}
            aria-controls="main-navigation"
            size="sm"
          />
        )}
        <span className={classes.brand}>{t('app.title')}</span>
        <NotificationsButton count={count} />
        <div className={classes.wideOnly}>
          <LanguageSelect compact />
        </div>
        <Button variant="default" size="compact-sm" onClick={() => void signOut()} className={classes.tool}>
          {t('nav.signOut')}
        </Button>
      </header>
      <ConnectionBanner />
      <LiveStatusBanner />
      <div className={classes.body}>
        {(wide || menuOpen) && (
          <nav id="main-navigation" aria-label={t('nav.label')} className={classes.nav}>
            <Stack gap={2}>
              {links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={t(link.key)}
                  variant="filled"
                  className={classes.link}
                  active={isActive(link.to, 'end' in link ? link.end : false)}
                  aria-current={isActive(link.to, 'end' in link ? link.end : false) ? 'page' : undefined}
                />
              ))}
              {!wide && <LanguageSelect />}
            </Stack>
          </nav>
        )}
        <main id="main" className={classes.main} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
