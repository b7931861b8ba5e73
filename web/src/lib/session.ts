/**
 * Token sessions, kept in localStorage so a reload keeps the visitor verified and the staff signed
 * in within the tokens' lifetime. Admin and operator sessions are separate (both staff pool), as
 * the product keeps separate admin and operator storage keys. The server trusts only the tokens.
 */
import { loadRuntimeConfig } from '../config/runtime';
import type { Tokens } from './cognito';

export type SessionKind = 'visitor' | 'operator' | 'admin';

interface StoredSession {
  idToken: string;
  refreshToken?: string;
  /** Epoch ms when the ID token expires. */
  expiresAt: number;
}

/** A token this close to expiry is treated as expired and refreshed first. */
const EXPIRY_MARGIN_MS = 30_000;

const storageKey = (kind: SessionKind) => `spinwin.session.${kind}`;

function read(kind: SessionKind): StoredSession | undefined {
  try {
    const raw = localStorage.getItem(storageKey(kind));
    return raw ? (JSON.parse(raw) as StoredSession) : undefined;
  } catch {
    return undefined;
  }
}

/** Saves freshly issued tokens. */
export function saveSession(kind: SessionKind, tokens: Tokens): void {
  const previous = read(kind);
  const session: StoredSession = {
    idToken: tokens.idToken,
    refreshToken: tokens.refreshToken ?? previous?.refreshToken,
    expiresAt: Date.now() + tokens.expiresIn * 1000,
  };
  localStorage.setItem(storageKey(kind), JSON.stringify(session));
}

export function clearSession(kind: SessionKind): void {
  localStorage.removeItem(storageKey(kind));
}

/**
 * Logout: the session is gone from this device at once, and its refresh token is revoked at
 * Cognito, so a copy of it (a stolen one, or one left in a shared device's backup) is worthless.
 * A failed revocation is only logged: the device is signed out either way.
 */
export async function endSession(kind: SessionKind): Promise<void> {
  const refreshToken = read(kind)?.refreshToken;
  clearSession(kind);
  if (!refreshToken) return;
  try {
    const config = await loadRuntimeConfig();
    // The Cognito client loads when first needed: the wheel page's first download leaves it out.
    const clientId = kind === 'visitor' ? config.visitorClientId : config.staffClientId;
    await import('./cognito').then(({ revokeToken }) => revokeToken(clientId, refreshToken));
  } catch (error) {
    console.error('the refresh token could not be revoked', error);
  }
}

/** True when a session is stored (it may still need a refresh). */
export const hasSession = (kind: SessionKind): boolean => read(kind) !== undefined;

/** A valid ID token, refreshing it when it is about to expire; undefined when signed out. */
export async function getIdToken(kind: SessionKind): Promise<string | undefined> {
  const session = read(kind);
  if (!session) return undefined;
  if (session.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return session.idToken;
  if (!session.refreshToken) {
    clearSession(kind);
    return undefined;
  }
  try {
    const config = await loadRuntimeConfig();
    const clientId = kind === 'visitor' ? config.visitorClientId : config.staffClientId;
    const refreshToken = session.refreshToken;
    const tokens = await import('./cognito').then(({ refreshTokens }) =>
      refreshTokens(clientId, refreshToken),
    );
    saveSession(kind, tokens);
    return tokens.idToken;
  } catch {
    clearSession(kind);
    return undefined;
  }
}
