/**
 * The admin shell (docs/product.md): a sidebar linking the admin pages (the four the product
 * names, Share, Customers and Insights) and Logout, fixed from 900px and behind a hamburger button on smaller screens. Signed-out
 * visitors are sent to /admin (docs/product.md). Above each page, the "Get ready" list until it is
 * all done (components/get-ready.tsx).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { PATHS } from '../../../config/paths';
import { isStaffSignedIn } from '../../../lib/staff-auth';
import { GetReady } from '../components/get-ready';
import { useAdminLogout } from '../hooks/use-admin-session';
import '../../../components/ui.css';
import '../components/admin.css';
import './shell.css';

const LINKS = [
  { to: PATHS.adminBusiness, label: ADMIN_TEXT.businessSettings },
  { to: PATHS.adminGame, label: ADMIN_TEXT.gameSettings },
  { to: PATHS.adminShare, label: ADMIN_TEXT.share },
  { to: PATHS.adminCustomers, label: ADMIN_TEXT.customers },
  { to: PATHS.adminInsights, label: ADMIN_TEXT.insights },
  { to: PATHS.adminAccountAdmin, label: ADMIN_TEXT.adminPassword },
  { to: PATHS.adminAccountOperator, label: ADMIN_TEXT.operatorPassword },
] as const;

export function Component() {
  const signedIn = isStaffSignedIn('admin');
  const logout = useAdminLogout();
  const location = useLocation();
  const navId = useId();
  // The mobile menu is open on the page where it was opened: following a link closes it. (An
  // effect closing it on each new path also ran once after mounting, and swallowed a tap on the
  // menu made in that moment.)
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu wherever focus is, and focus goes back to the menu button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  if (!signedIn) return <Navigate to={PATHS.admin} replace />;

  function closeMenu() {
    setMenuOpen(false);
    menuButton.current?.focus();
  }

  return (
    <div className="admin">
      <header className="admin-topbar">
        <button
          ref={menuButton}
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span className="admin-menu-button__bars" aria-hidden="true" />
          <span className="visually-hidden">{ADMIN_TEXT.menu}</span>
        </button>
        <p className="admin-topbar__title">{ADMIN_TEXT.areaTitle}</p>
      </header>
      <nav id={navId} className="admin-nav" aria-label={ADMIN_TEXT.navLabel} data-open={menuOpen}>
        <p className="admin-nav__title">{ADMIN_TEXT.areaTitle}</p>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="admin-nav__link" onClick={() => setMenuOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <button type="button" className="admin-nav__logout" onClick={logout}>
          {ADMIN_TEXT.logout}
        </button>
      </nav>
      {menuOpen && (
        <button
          type="button"
          className="admin-backdrop"
          tabIndex={-1}
          aria-hidden="true"
          onClick={closeMenu}
        />
      )}
      <main className="admin-main">
        <GetReady />
        <Outlet />
      </main>
    </div>
  );
}
