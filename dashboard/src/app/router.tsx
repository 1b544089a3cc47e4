import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Layout, PageLoader } from '../layout/Layout';
import { page } from './lazy-page';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

// One chunk per page: the first visit loads the shell and the page it opens, nothing more.

const SignInPage = page(() => import('../pages/sign-in/SignInPage'));
const RegisterPage = page(() => import('../pages/register/RegisterPage'));
const OverviewPage = page(() => import('../pages/overview/OverviewPage'));
const OrdersPage = page(() => import('../pages/orders/OrdersPage'));
const OrderPage = page(() => import('../pages/orders/OrderPage'));
const ProductsPage = page(() => import('../pages/products/ProductsPage'));
const ProductFormPage = page(() => import('../pages/products/ProductFormPage'));
const CouponsPage = page(() => import('../pages/coupons/CouponsPage'));
const LocationsPage = page(() => import('../pages/locations/LocationsPage'));
const CategoriesPage = page(() => import('../pages/categories/CategoriesPage'));
const NotificationsPage = page(() => import('../pages/notifications/NotificationsPage'));
const ExportsPage = page(() => import('../pages/exports/ExportsPage'));
const ShopPage = page(() => import('../pages/shop/ShopPage'));
const AdminPage = page(() => import('../pages/admin/AdminPage'));
const NotFoundPage = page(() => import('../pages/NotFoundPage'));

const standalone = (Page: ComponentType) => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

/**
 * The dashboard's pages under /dashboard/ (the server answers index.html for each, so a deep link
 * or a reload opens its page). Adding a page: docs/dashboard.md, "How to add a page".
 */
export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: standalone(SignInPage), errorElement: <RouteError withBanner /> },
    { path: '/register', element: standalone(RegisterPage), errorElement: <RouteError withBanner /> },
    {
      path: '/',
      element: (
        <RequireAuth>
          <Layout />
        </RequireAuth>
      ),
      errorElement: <RouteError withBanner />,
      children: [
        {
          // A page's failure shows inside the layout: its banner, its navigation stay.
          errorElement: <RouteError />,
          children: [
            { index: true, element: <OverviewPage /> },
            { path: 'orders', element: <OrdersPage /> },
            { path: 'orders/:id', element: <OrderPage /> },
            { path: 'products', element: <ProductsPage /> },
            { path: 'products/new', element: <ProductFormPage /> },
            { path: 'products/:id', element: <ProductFormPage /> },
            { path: 'categories', element: <CategoriesPage /> },
            { path: 'coupons', element: <CouponsPage /> },
            { path: 'locations', element: <LocationsPage /> },
            { path: 'notifications', element: <NotificationsPage /> },
            { path: 'exports', element: <ExportsPage /> },
            { path: 'shop', element: <ShopPage /> },
            { path: 'admin', element: <AdminPage /> },
            { path: 'overview', element: <Navigate to="/" replace /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: '/dashboard' },
);
