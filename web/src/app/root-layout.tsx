import { Outlet } from 'react-router-dom';

/**
 * The root layout. It holds the invisible challenge element used when sending SMS codes (docs/product.md);
 * the visitor feature mounts its bot check there.
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <div id="sms-challenge" hidden />
    </>
  );
}
