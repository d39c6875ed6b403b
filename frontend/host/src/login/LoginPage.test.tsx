// The login page without the component library: the shell's rules, the server's message, and
// the hand-over once the tokens are stored.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@tradewind/shared/core';
import en from '../messages/en';
import { LoginPage } from './LoginPage';

let onLoggedIn: ReturnType<typeof vi.fn<() => Promise<void>>>;
let onTyping: ReturnType<typeof vi.fn<() => void>>;
let sent: unknown[];

function answer(status: number, body: unknown) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function show() {
  render(
    <IntlProvider locale="en" messages={en}>
      <LoginPage locale="en" onLocale={() => undefined} colour="#409EFF" onLoggedIn={onLoggedIn} onTyping={onTyping} />
    </IntlProvider>,
  );
}

const type = (name: string, value: string) => {
  const input = document.querySelector(`input[name=${name}]`) as HTMLInputElement;
  fireEvent.keyDown(input, { key: 'a' });
  fireEvent.change(input, { target: { value } });
};

beforeEach(() => {
  session.clear();
  onLoggedIn = vi.fn(async () => undefined);
  onTyping = vi.fn();
  answer(200, { token: 't1', refreshToken: 'r1' });
});

describe('the login page', () => {
  it('asks for a username and a password of at least 6 characters before sending', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter the username')).toBeTruthy();
    type('username', 'demo');
    type('password', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Password cannot be less than 6 characters')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(onTyping).toHaveBeenCalledTimes(1);
  });

  it('sends the trimmed username, stores the tokens and hands over', async () => {
    show();
    type('username', '  demo ');
    type('password', ' demo123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(sent).toEqual([{ username: 'demo', password: ' demo123' }]);
    expect(session.token()).toBe('t1');
    expect(session.refreshToken()).toBe('r1');
  });

  it("shows the server's message when the login is refused", async () => {
    answer(401, { state: 'fail', code: 'bad-credentials', msg: 'Wrong username or password' });
    show();
    type('username', 'demo');
    type('password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong username or password');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(session.token()).toBeNull();
  });
});
