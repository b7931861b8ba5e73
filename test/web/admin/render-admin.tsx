/** Renders the app's real route table at a path, with or without a signed-in admin. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../web/src/app/router';
import { staffIdToken } from '../support/tokens';

/** Stores an admin session and the required admin keys, as a successful admin login does. */
export function signInAdmin(): void {
  const idToken = staffIdToken('admin', ['admin']);
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
