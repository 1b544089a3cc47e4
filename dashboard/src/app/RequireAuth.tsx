import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useToken } from '../api/session';

/** The signed-in pages: without a token, to sign-in (which comes back here afterwards). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}
