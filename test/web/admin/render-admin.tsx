/** Renders the app's real route table at a path, with or without a signed-in admin. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../web/src/app/router';

/** An unsigned JWT-shaped token: the browser only decodes it; the fake API checks its presence. */
export function fakeIdToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

/** Stores an admin session and the required admin keys, as a successful admin login does. */
export function signInAdmin(): void {
  const idToken = fakeIdToken({
    token_use: 'id',
    'cognito:username': 'admin',
    'cognito:groups': ['admin'],
  });
  localStorage.setItem(
    'spinwin.session.admin',
    JSON.stringify({ idToken, expiresAt: Date.now() + 3_600_000 }),
  );
  localStorage.setItem('adminUsername', 'admin');
  localStorage.setItem('adminRole', 'admin');
  localStorage.setItem('adminEmail', 'admin@example.com');
}

export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
