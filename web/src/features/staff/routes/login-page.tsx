/**
 * /login (docs/product.md): operator username and password with a link back to the wheel. A
 * successful sign-in stores the operator keys and goes to /dashboard (docs/product.md); an admin gets
 * "Invalid user role. Please contact administrator." (docs/product.md).
 */
import { Link, useNavigate } from 'react-router-dom';
import { STAFF_TEXT } from '@shared/messages-staff';
import { StaffLoginForm } from '../../../components/staff-login-form';
import { PATHS } from '../../../config/paths';
import { signInStaff } from '../../../lib/staff-auth';

/** The /login route. */
export function Component() {
  const navigate = useNavigate();
  return (
    <main>
      <StaffLoginForm
        title={STAFF_TEXT.operatorLoginTitle}
        onSubmit={async ({ username, password }) => {
          const result = await signInStaff(username, password, 'operator', 'login');
          if (!result.ok) return result.message;
          navigate(PATHS.dashboard, { replace: true });
          return undefined;
        }}
      >
        <Link to={PATHS.wheel}>{STAFF_TEXT.backToWheel}</Link>
      </StaffLoginForm>
    </main>
  );
}
