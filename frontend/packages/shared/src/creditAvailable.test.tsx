// The credit available before paying by credit (the hotel and ticket booking forms and Pay
// dialogs use it; their tests check what each shows): who is checked, what it says while asking,
// after a failure, for no account, and with finance-app's reason.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreditAvailable } from './components/CreditAvailable';
import { session } from './session';
import { query, renderPage, serve, setUpPageTests } from './testing';

setUpPageTests();

const CHECK = '/api/finance-app/saas/finance/credit/check';
const credit = { mchId: 2002, currency: 'CNY', credit: 100_000, tempCredit: 0, balance: 0, usedCredit: 0, available: 123_456, state: 1, enough: true, reason: '' };

const distributor = () => session.setUser({ id: 3, username: 'distributor', saasId: 1001, mchId: 2002, mscType: 312 } as never, { mchType: 2 } as never);
const staff = () => session.setUser({ id: 1, username: 'demo', saasId: 1001, mchId: 0, mscType: 200 } as never, {} as never);
const holding = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));

describe('the credit available', () => {
  it("checks a distributor's own account, saying so while it asks", async () => {
    distributor();
    holding('/saas/finance/credit/check:GET');
    let answer: (v: unknown) => void = () => undefined;
    const calls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        calls.push(new URL(input, 'http://console.test'));
        return new Promise((r) => (answer = r));
      }),
    );
    const { problems } = renderPage(() => <CreditAvailable mchId={9999} amount={5_000} />, {});
    expect(screen.getByTestId('credit-available').textContent).toBe('Checking the available credit…');
    await waitFor(() => expect(calls).toHaveLength(1));
    // The distributor named is not the user's own: a distributor's user is checked as itself.
    expect(calls[0].pathname).toBe(CHECK);
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ amount: '5000' });
    answer(new Response(JSON.stringify({ state: 'success', code: 'ok', data: credit }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await waitFor(() => expect(screen.getByTestId('credit-available').textContent).toBe('Available credit: 1234.56 CNY'));
    expect(problems).toEqual([]);
  });

  it("checks the distributor the tenant's staff name, and nobody until they name one", async () => {
    staff();
    holding('/saas/finance/credit/check:GET');
    const calls = serve(() => ({ ...credit, enough: false, reason: 'credit account disabled' }));
    const { problems } = renderPage(() => (
      <>
        <div data-testid="none">
          <CreditAvailable />
        </div>
        <CreditAvailable mchId={2002} />
      </>
    ), {});
    expect(await screen.findByText('Paying by credit would be refused: credit account disabled')).toBeTruthy();
    expect(screen.getByTestId('credit-available').textContent).toBe('Available credit: 1234.56 CNY');
    expect(screen.getByTestId('none').textContent).toBe('');
    expect(calls).toHaveLength(1);
    expect(query(calls[0])).toEqual({ mchId: '2002' });
    expect(problems).toEqual([]);
  });

  it('says when the credit could not be checked, and asks nothing of a user without the code', async () => {
    distributor();
    holding('/saas/finance/credit/check:GET');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ state: 'fail', code: 'internal', msg: 'boom' }), { status: 500 })));
    renderPage(() => <CreditAvailable amount={100} />, {});
    expect(await screen.findByText('The available credit could not be checked')).toBeTruthy();

    holding();
    const calls = serve(() => credit);
    await waitFor(() => expect(screen.queryByTestId('credit-available')).toBeNull());
    expect(calls).toEqual([]);
  });
});
