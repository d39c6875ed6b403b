// The session past its access token's life: with tokens living 3 seconds, a page opened after
// they expired still loads (the client trades the refresh token and retries), and the session
// goes on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet({ TRADEWIND_AUTH_CENTER__TOKEN__ACCESS_TTL_SECS: '3' });


describe('the session', () => {
  it('is kept past the access token expiry by refreshing it', async () => {
    const page = await newPage(ctx.browser, 'en');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    const first = await page.evaluate(() => sessionStorage.getItem('token'));
    await page.waitForTimeout(4_500);
    await page.getByTestId('app-saas-hotel-app').click();
    await page.getByTestId('menu-/saas-hotel-app/order').click();
    await page.getByTestId('menu-/saas-hotel-app/order/sys/list').click();
    // The list loads: the demo history's orders of the demo hotel.
    await page.getByTestId('hotel-orders-table').getByText('Demo Seaside Hotel').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/saas-hotel-app/order/sys/list');
    const second = await page.evaluate(() => sessionStorage.getItem('token'));
    assert.ok(second && second !== first, 'a new access token was taken');
    assert.equal(await page.getByText('Your identity verification has expired').count(), 0);
    await shot(page, 'after-refresh');
    await page.close();
  });
});
