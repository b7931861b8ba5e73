/** The visitor tests' helpers: the wheel page's set-up and a signed-in visitor. */
import { vi } from 'vitest';
import { saveSession } from '../../../web/src/lib/session';
import { visitorIdToken } from './tokens';
import { FakeBackend, SAMPLE_WHEEL } from './visitor-routes';

/** A fresh browser (no storage) and the visitor routes on the fake network. */
export function freshVisitor(): FakeBackend {
  localStorage.clear();
  const backend = new FakeBackend(structuredClone(SAMPLE_WHEEL));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return backend;
}

/**
 * As freshVisitor, for the wheel page: the wheel draws on a canvas jsdom lacks, and turns briefly
 * under reduced motion.
 */
export function freshWheelPage(): FakeBackend {
  const backend = freshVisitor();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  return backend;
}

/** Stores a verified visitor's session for `phone`, as a successful sign-in does. */
export function signInVisitor(phone: string): void {
  saveSession('visitor', {
    idToken: visitorIdToken(phone),
    accessToken: 'a',
    refreshToken: 'r',
    expiresIn: 3600,
  });
}
