/**
 * The staff and admin tests' helpers: render the staff routes or the app's whole route table at a
 * path, and sign the operator or the admin in.
 */
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../web/src/app/router';
import { Component as DashboardPage } from '../../../web/src/features/staff/routes/dashboard-page';
import { Component as LoginPage } from '../../../web/src/features/staff/routes/login-page';
import { Component as OperatorLoginPage } from '../../../web/src/features/staff/routes/operator-login-page';
import { signInStaff } from '../../../web/src/lib/staff-auth';
import { cognitoTokens, type FakeNetwork } from './network';
import { staffIdToken } from './tokens';

export const WHEEL_STAND_IN = 'Wheel page stand-in';
export const ADMIN_STAND_IN = 'Admin login stand-in';

/**
 * Renders the app's staff routes at `path` in a memory router; the wheel page and /admin are
 * stand-ins (other features), so a test sees where a redirect went without loading them. Returns the
 * router to read its location. With `strict`, inside React's StrictMode, as the development build
 * runs (effects run twice).
 */
export function renderStaffAt(path: string, options: { strict?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>{WHEEL_STAND_IN}</p> },
      { path: '/login', Component: LoginPage },
      { path: '/operator-login', Component: OperatorLoginPage },
      { path: '/dashboard', Component: DashboardPage },
      { path: '/admin', element: <p>{ADMIN_STAND_IN}</p> },
    ],
    { initialEntries: [path] },
  );
  const app = <RouterProvider router={router} />;
  const rendered = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return Object.assign(router, { unmount: rendered.unmount });
}

/** Signs the operator in through the real sign-in module against the fake Cognito. */
export async function signInOperator(network: FakeNetwork): Promise<void> {
  const previous = network.cognito;
  network.cognito = () => cognitoTokens(staffIdToken('operator', ['operator']));
  const result = await signInStaff('operator', 'pw', 'operator', 'login');
  if (!result.ok) throw new Error(result.message);
  network.cognito = previous;
  network.cognitoCalls.length = 0;
}

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

/** Renders the app's real route table at `path`. */
export function renderAppAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
