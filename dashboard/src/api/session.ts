import { useSyncExternalStore } from 'react';

/**
 * Where the bearer token lives: sessionStorage (gone with the tab), or localStorage when the person
 * ticked "Remember this device". Never a URL, a cookie or a log (dashboard.md).
 */
const TOKEN_KEY = 'storefront.dashboard.token';
/** Why the last session ended (a 401), shown once on the sign-in page. */
const ENDED_KEY = 'storefront.dashboard.session-ended';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let current = read();

function changed(): void {
  current = read();
  for (const listener of listeners) listener();
}

// Another tab signing out (localStorage) ends this tab's remembered session too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_KEY || event.key === null) changed();
});

export function currentToken(): string | null {
  return current;
}

export function signedIn(token: string, rememberDevice = false): void {
  sessionStorage.removeItem(ENDED_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
  (rememberDevice ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  changed();
}

/**
 * A new token for the same person (proving the email revokes the earlier ones and hands out a new
 * one): kept where the old one was, so "Remember this device" still holds.
 */
export function tokenReplaced(token: string): void {
  const remembered = localStorage.getItem(TOKEN_KEY) !== null && sessionStorage.getItem(TOKEN_KEY) === null;
  signedIn(token, remembered);
}

/** Why a session ended: the token stopped working (a 401), or the person signed out. */
export type SessionEnd = 'expired' | 'signed-out';

/** Forgets the token; with a reason, the sign-in page says why the person is there. */
export function signedOut(reason?: SessionEnd): void {
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
  if (reason) sessionStorage.setItem(ENDED_KEY, reason);
  changed();
}

/** The reason the last session ended, read once. */
export function takeSessionEndReason(): SessionEnd | null {
  const reason = sessionStorage.getItem(ENDED_KEY);
  sessionStorage.removeItem(ENDED_KEY);
  return reason === 'expired' || reason === 'signed-out' ? reason : null;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, currentToken);
}
