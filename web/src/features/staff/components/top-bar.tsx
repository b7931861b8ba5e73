/** The dashboard's top bar (docs/product.md): "Spin & Win" and Logout, plus who is signed in. */
import { STAFF_TEXT } from '@shared/messages-staff';

export interface TopBarProps {
  username: string;
  onLogout: () => void;
}

/** The top bar. */
export function TopBar({ username, onLogout }: TopBarProps) {
  return (
    <header className="staff-topbar">
      <h1 className="staff-topbar__title">{STAFF_TEXT.appTitle}</h1>
      <div className="staff-topbar__user">
        <span className="staff-topbar__name">{username}</span>
        <button type="button" className="ui-button ui-button--light" onClick={onLogout}>
          {STAFF_TEXT.logout}
        </button>
      </div>
    </header>
  );
}
