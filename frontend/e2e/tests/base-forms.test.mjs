// The base application's editing forms and info pages in a real browser against the real
// fleet: the demo tenant admin creates a user through the dialog, changes and locks it, adds a
// supplier and opens the tenant info page; the platform administrator tops the demo tenant up
// from the tenant list; the demo supplier opens its merchant info page.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();


/** The row of a list table holding `text`. */
const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

describe('the base application forms', () => {
  it('creates a user through the dialog, changes it and locks it', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/account/user/list`);
    await page.getByTestId('base-users-table').getByText('operator', { exact: true }).waitFor();
    // Nobody is offered to lock or disable themselves: their row has no state menu.
    await row(page, 'base-users-table', 'Demo admin').getByRole('button', { name: 'Edit' }).waitFor();
    assert.equal(await row(page, 'base-users-table', 'Demo admin').getByRole('button', { name: 'State ▾' }).count(), 0);
    // At 1440 px the table fits beside the sidebar: no sideways scrolling, the last action shown.
    const fits = await page.getByTestId('base-users-table').evaluate((t) => {
      const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    assert.ok(fits.scroll <= fits.client, JSON.stringify(fits));
    const menu = row(page, 'base-users-table', 'Demo operator').getByRole('button', { name: 'State ▾' });
    const box = await menu.boundingBox();
    assert.ok(box && box.x + box.width <= 1440, JSON.stringify(box));
    await shot(page, 'base-users');
    await page.getByTestId('user-add').click();
    const dialog = page.getByTestId('user-dialog');
    // The browser's rules first: nothing is sent while the username is missing.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Username').waitFor();
    await dialog.getByTestId('field-username').fill('e2e.clerk');
    await dialog.getByTestId('field-password').fill('clerk123');
    await dialog.getByRole('combobox', { name: /User type/ }).click();
    await page.getByRole('option', { name: 'Operator staff' }).click();
    await dialog.getByTestId('field-realName').fill('Clerk One');
    await dialog.getByTestId('field-mobile').fill('13912345678');
    await dialog.getByRole('combobox', { name: /Permission groups/ }).click();
    await page.getByRole('option', { name: 'Operators' }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'base-user-add');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'base-users-table', 'e2e.clerk').getByText('Clerk One').waitFor();
    // The new user can log in with the password typed in the dialog.
    await apiLogin(ctx.fleet.url, 'e2e.clerk', 'clerk123');

    await row(page, 'base-users-table', 'e2e.clerk').getByRole('button', { name: 'Edit' }).click();
    await dialog.getByTestId('field-realName').waitFor();
    assert.equal(await dialog.getByTestId('field-username').isDisabled(), true);
    assert.equal(await dialog.getByTestId('field-realName').inputValue(), 'Clerk One');
    await dialog.getByTestId('field-realName').fill('Clerk Two');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'base-users-table', 'e2e.clerk').getByText('Clerk Two').waitFor();

    await row(page, 'base-users-table', 'e2e.clerk').getByRole('button', { name: 'State ▾' }).click();
    await page.getByRole('menuitem', { name: 'Disable', exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByText('Lock user e2e.clerk?').waitFor();
    // Past the dialog's fade-in.
    await page.waitForTimeout(400);
    await shot(page, 'base-user-lock-confirm');
    await page.getByTestId('confirm-yes').click();
    await row(page, 'base-users-table', 'e2e.clerk').getByText('Locked').waitFor();
    await row(page, 'base-users-table', 'e2e.clerk').getByRole('button', { name: 'State ▾' }).click();
    await page.getByRole('menuitem', { name: 'Unlock', exact: true }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Lock', exact: true }).count(), 0);
    // Past the menu's fade-in.
    await page.waitForTimeout(400);
    await shot(page, 'base-users-locked');
    await page.keyboard.press('Escape');
    // Locked: the service refuses the login.
    const refused = await apiCall(ctx.fleet.url, 'POST', '/api/auth-center/api/auth/login', null, { username: 'e2e.clerk', password: 'clerk123' });
    assert.notEqual(refused.status, 200);
    await page.close();
  });

  it('creates a permission group by ticking an area of the catalogue', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/account/group/list`);
    await page.getByTestId('base-groups-table').getByText('Operators').waitFor();
    await page.getByTestId('group-add').click();
    const dialog = page.getByTestId('group-dialog');
    await dialog.getByTestId('field-name').fill('Notice desk');
    await dialog.getByTestId('area-noticeManager').check();
    await dialog.getByTestId('permission-filter').fill('balance');
    await dialog.getByText('View the balance card').click();
    await shot(page, 'base-group-add');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const desk = row(page, 'base-groups-table', 'Notice desk');
    await desk.getByText('/saas/boss/balanceLog/getBossBalanceInfo:GET').waitFor();
    const codes = (await desk.locator('td').nth(4).innerText()).split(', ');
    assert.ok(codes.includes('/saas/noticeManager/notice/publish:PUT'), codes.join(' '));
    await page.close();

    // In Chinese the catalogue says what each code allows in Chinese.
    const zh = await newPage(ctx.browser);
    await login(zh, ctx.fleet.url, 'demo', 'demo123');
    await zh.goto(`${ctx.fleet.url}/saas-app/account/group/list`);
    await zh.getByTestId('base-groups-table').getByText('Notice desk').waitFor();
    await zh.getByTestId('group-add').click();
    const zhDialog = zh.getByTestId('group-dialog');
    await zhDialog.getByTestId('permission-filter').fill('balanceLog');
    await zhDialog.getByText('查看余额信息').waitFor();
    await shot(zh, 'base-group-add-zh');
    await zh.close();
  });

  it('adds a supplier, shows its detail, and opens the tenant info page', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/merchant/supplier/list`);
    await page.getByTestId('base-suppliers-table').getByText('Demo Supplier').waitFor();
    await page.getByTestId('merchant-add').click();
    const dialog = page.getByTestId('merchant-dialog');
    await dialog.getByTestId('field-mchName').fill('Harbour Inn');
    await dialog.getByTestId('field-contactName').fill('Lin');
    await dialog.getByTestId('field-contactMobile').fill('0571-88886666');
    await shot(page, 'base-supplier-add');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const harbour = row(page, 'base-suppliers-table', 'Harbour Inn');
    await harbour.getByText('0571-88886666').waitFor();
    await harbour.getByRole('button', { name: 'View' }).click();
    const detail = page.getByTestId('merchant-fields');
    await detail.getByText('0571-88886666').waitFor();
    // Past the dialog's fade-in.
    await page.waitForTimeout(400);
    await shot(page, 'base-supplier-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    await page.goto(`${ctx.fleet.url}/saas-app/myInfo/saasInfo/load`);
    await page.getByTestId('tenant-fields').getByText('Demo Travel').first().waitFor();
    // The tenant's staff see the tenant item, not the merchant item.
    await page.getByTestId('menu-/saas-app/myInfo/saasInfo/load').waitFor();
    assert.equal(await page.getByTestId('menu-/saas-app/myInfo/saasMchInfo/load').count(), 0);
    await shot(page, 'base-tenant-info');
    await page.close();
  });

  it("lets the platform administrator top a tenant's balance up from the tenant list, which the tenant spends on a service", async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'admin', 'admin123');
    await page.goto(`${ctx.fleet.url}/saas-app/platform/saasInfo/list`);
    const demo = row(page, 'base-tenants-table', 'Demo Travel');
    await demo.getByRole('button', { name: 'Top up' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.getByTestId('field-amount').fill('250.75');
    await dialog.getByTestId('field-remarks').fill('bank transfer');
    await shot(page, 'base-tenant-recharge');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'base-tenants');
    // The demo tenant's balance log shows the top-up in yuan.
    const token = await apiLogin(ctx.fleet.url, 'demo', 'demo123');
    const log = await apiCall(ctx.fleet.url, 'GET', '/api/saas-main/saas/boss/balanceLog/list?logType=1', token);
    assert.equal(log.status, 200);
    assert.ok(log.body.data.results.some((l) => l.amount === 25_075 && l.remarks === 'bank transfer'), JSON.stringify(log.body.data.results));
    await page.close();

    // The demo admin spends it: buying the SMS pack after the question naming its price.
    const tenant = await newPage(ctx.browser, 'en-US');
    await login(tenant, ctx.fleet.url, 'demo', 'demo123');
    await tenant.goto(`${ctx.fleet.url}/saas-app/boss/service/list`);
    await tenant.getByTestId('service-buy-1').click();
    await tenant.getByTestId('confirm-dialog').getByText('Buy SMS pack 1000 for 60.00? The account balance pays.').waitFor();
    await tenant.waitForTimeout(400);
    await shot(tenant, 'base-service-buy');
    await tenant.getByTestId('confirm-yes').click();
    await tenant.getByText('Operation successful').waitFor();
    // A new login ends the earlier session of the same user: asked with the browser's token.
    const browserToken = await tenant.evaluate(() => sessionStorage.getItem('token'));
    const spent = await apiCall(ctx.fleet.url, 'GET', '/api/saas-main/saas/boss/balanceLog/list?logType=-1', browserToken);
    assert.equal(spent.status, 200, JSON.stringify(spent.body));
    assert.ok(spent.body.data.results.some((l) => l.amount === 6_000 && l.serviceId === 1), JSON.stringify(spent.body.data.results));
    await tenant.close();
  });

  it("shows the demo supplier its merchant's info", async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    await page.goto(`${ctx.fleet.url}/saas-app/myInfo/saasMchInfo/load`);
    const fields = page.getByTestId('merchant-info-fields');
    await fields.getByText('Demo Supplier').waitFor();
    await fields.getByText('Supplier', { exact: true }).waitFor();
    await page.getByTestId('menu-/saas-app/myInfo/saasMchInfo/load').waitFor();
    assert.equal(await page.getByTestId('menu-/saas-app/myInfo/saasInfo/load').count(), 0);
    await shot(page, 'base-merchant-info');
    await page.close();
  });
});
