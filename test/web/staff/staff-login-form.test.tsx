import { render, screen } from '@testing-library/react';
import { setupUser } from '../support/user';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { LOGIN_FIELD_MESSAGES } from '@shared/messages-fields';
import { StaffLoginForm } from '../../../web/src/components/staff-login-form';

describe('StaffLoginForm', () => {
  it('requires both fields and does not submit while one is empty', async () => {
    // Prepare
    const onSubmit = vi.fn(async () => undefined);
    const user = setupUser();
    render(<StaffLoginForm title="Operator Login" onSubmit={onSubmit} />);
    // Act
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // Assess
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(LOGIN_FIELD_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(LOGIN_FIELD_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();

    await user.type(screen.getByLabelText('Username'), 'operator');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('shows the message the page returns in an alert and clears the password', async () => {
    const onSubmit = vi.fn(async () => MESSAGES.invalidCredentials);
    const user = setupUser();
    render(
      <StaffLoginForm title="Operator Login" onSubmit={onSubmit}>
        <a href="/">Back</a>
      </StaffLoginForm>,
    );
    await user.type(screen.getByLabelText('Username'), 'operator');
    await user.type(screen.getByLabelText('Password'), 'nope{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ username: 'operator', password: 'nope' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Operator Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('shows "Signing in..." and disables the button while busy', async () => {
    let finish: (value: string | undefined) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<string | undefined>((resolve) => (finish = resolve)));
    const user = setupUser();
    render(<StaffLoginForm title="Login" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Username'), 'operator');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    finish(undefined);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
