// The change-password tab of the user data dialog on the form kit: the shell's rules first
// (nothing sent), a 412 under the field it names, success said and the session ended.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi, session } from '@tradewind/shared';
import { renderPage, serve, serveRefusing, setUpPageTests, type } from '@tradewind/shared/src/testing';
import en from '../messages/en';
import { UserDataDialog } from './UserDataDialog';

setUpPageTests();

let shown: [string, string][];
beforeEach(() => {
  shown = [];
  configureApi({ notify: (severity, message) => shown.push([severity, message]) });
  session.setUser({ id: 3, username: 'operator', realName: 'Olga', saasId: 1, mchId: 0, mscType: 300 }, null);
});

function openPasswordTab(onPasswordChanged: () => void) {
  const r = renderPage(() => <UserDataDialog open onClose={() => undefined} onPasswordChanged={onPasswordChanged} />, en);
  expect(screen.getByDisplayValue('Olga')).toBeTruthy();
  fireEvent.click(screen.getByTestId('password-tab'));
  return r;
}

function fill(old: string, next: string, repeat: string) {
  type('field-oldPassword', old);
  type('field-newPassword', next);
  type('field-repeatNewPassword', repeat);
}

describe('changing the password', () => {
  it("checks the passwords in the shell's order and sends nothing", async () => {
    const calls = serve(() => true);
    const changed = vi.fn();
    const { problems } = openPasswordTab(changed);
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('Please enter the current password')).toBeTruthy();
    type('field-oldPassword', 'operator123');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('Please enter the new password')).toBeTruthy();
    expect(screen.queryByText('Please enter the current password')).toBeNull();
    fill('operator123', 'operator456', 'operator789');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('The two passwords are different!')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(changed).not.toHaveBeenCalled();
    expect(problems).toEqual([]);
  });

  it("puts the server's reason under the field it names and stays", async () => {
    const calls = serveRefusing(
      () => true,
      (c) => (c.method === 'PUT' ? { field: 'oldPassword', reason: 'is not the current password' } : null),
    );
    const changed = vi.fn();
    openPasswordTab(changed);
    fill('wrong-one', 'operator456', 'operator456');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(await screen.findByText('is not the current password')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(changed).not.toHaveBeenCalled();
    expect(shown).toEqual([['warning', 'oldPassword: is not the current password']]);
    expect((screen.getByTestId('field-newPassword') as HTMLInputElement).value).toBe('operator456');
  });

  it('changes the password, says so and ends the session', async () => {
    const calls = serve(() => true);
    const changed = vi.fn();
    openPasswordTab(changed);
    fill('operator123', 'operator456', 'operator456');
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].url.pathname).toBe('/api/auth-center/client/user/reset');
    expect(calls[0].body).toEqual({ oldPassword: 'operator123', newPassword: 'operator456', repeatNewPassword: 'operator456' });
    expect(shown).toEqual([['success', 'Password changed; please log in again']]);
  });
});
