// A new tenant made usable from the console alone: the platform administrator creates a tenant
// and, in the dialog offered next, its first administrator; that administrator logs in to the
// new tenant and finds it empty (no suppliers, distributors or orders, and no one else's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

/**
 * Saves the administrator dialog. auth-center learns of a tenant over the bus a moment after
 * saas-main made it; until then it refuses with a reason under the tenant field, and saving again
 * is what the reason asks for.
 */
async function saveAdministrator(page, dialog) {
  const notYet = dialog.getByText('retry shortly');
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByTestId('form-submit').click();
    const outcome = await Promise.race([
      dialog.waitFor({ state: 'detached', timeout: 15_000 }).then(() => 'saved'),
      notYet.waitFor({ timeout: 15_000 }).then(() => 'not yet'),
    ]);
    if (outcome === 'saved') return attempt;
    assert.ok(attempt < 20, 'auth-center never heard of the new tenant');
    await page.waitForTimeout(500);
  }
}

describe('a new tenant', () => {
  it('gets its administrator from the platform administrator, who logs in to an empty tenant', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'admin', 'admin123');
    await page.goto(`${ctx.fleet.url}/saas-app/platform/saasInfo/list`);
    await row(page, 'base-tenants-table', 'Demo Travel').waitFor();
    await page.getByTestId('tenant-add').click();
    const tenantDialog = page.getByTestId('tenant-dialog');
    await tenantDialog.getByTestId('field-saasName').fill('Blue Sky Tours');
    await tenantDialog.getByTestId('field-companyName').fill('Blue Sky Tours Ltd');
    await tenantDialog.getByTestId('field-saasExpireDate').fill(day(365));
    await tenantDialog.getByTestId('form-submit').click();
    await tenantDialog.waitFor({ state: 'detached' });

    // The dialog for its administrator follows, naming the new tenant.
    const dialog = page.getByTestId('tenant-admin-dialog');
    await dialog.waitFor();
    const tenantField = await dialog.getByTestId('field-saasId').inputValue();
    const saasId = Number(tenantField.match(/^Blue Sky Tours \((\d+)\)$/)?.[1]);
    assert.ok(saasId > 0, tenantField);
    assert.equal(await dialog.getByTestId('field-saasId').isDisabled(), true);
    // The browser's rules first: nothing is sent without a username.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Username').waitFor();
    await dialog.getByTestId('field-username').fill('blue.admin');
    await dialog.getByTestId('field-password').fill('blue-admin-1');
    await dialog.getByTestId('field-realName').fill('Lan Tian');
    await dialog.getByTestId('field-email').fill('lan@bluesky.example.com');
    // Past the dialog's fade-in.
    await page.waitForTimeout(400);
    await shot(page, 'tenant-admin-create');
    await saveAdministrator(page, dialog);
    const blue = row(page, 'base-tenants-table', 'Blue Sky Tours');
    await blue.getByRole('button', { name: 'Add admin' }).waitFor();
    await shot(page, 'tenant-admin-created');
    // With four actions a row, the table still fits beside the sidebar at 1440 px.
    const fits = await page.getByTestId('base-tenants-table').evaluate((t) => {
      const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    assert.ok(fits.scroll <= fits.client, JSON.stringify(fits));
    const box = await blue.getByRole('button', { name: 'Stop' }).boundingBox();
    assert.ok(box && box.x + box.width <= 1440, JSON.stringify(box));
    await page.close();

    // The platform's own list holds the platform's administrators only.
    const platform = await apiLogin(ctx.fleet.url, 'admin', 'admin123');
    const ours = await apiCall(ctx.fleet.url, 'GET', '/api/auth-center/saas/account/user/list', platform);
    assert.deepEqual(
      ours.body.data.results.map((u) => u.username),
      ['admin'],
    );

    // The new administrator works in the new tenant.
    const token = await apiLogin(ctx.fleet.url, 'blue.admin', 'blue-admin-1');
    const me = await apiCall(ctx.fleet.url, 'GET', '/api/auth-center/client/user', token);
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.data.saasId, saasId);
    assert.equal(me.body.data.mscType, 200);

    const tenant = await newPage(ctx.browser, 'en-US');
    await login(tenant, ctx.fleet.url, 'blue.admin', 'blue-admin-1');
    await tenant.goto(`${ctx.fleet.url}/saas-app/account/user/list`);
    await row(tenant, 'base-users-table', 'blue.admin').getByText('Lan Tian').waitFor();
    assert.equal(await tenant.getByTestId('base-users-table').getByText('operator', { exact: true }).count(), 0);
    await tenant.goto(`${ctx.fleet.url}/saas-app/merchant/supplier/list`);
    await tenant.getByTestId('base-suppliers-table').getByText('No data').waitFor();
    await shot(tenant, 'tenant-admin-empty-suppliers');
    // The platform's pages are not the tenant administrator's.
    await tenant.getByTestId('menu-/saas-app/merchant').waitFor();
    assert.equal(await tenant.getByTestId('menu-/saas-app/platform').count(), 0);
    await tenant.goto(`${ctx.fleet.url}/saas-app/merchant/distributor/list`);
    await tenant.getByTestId('base-distributors-table').getByText('No data').waitFor();
    await tenant.goto(`${ctx.fleet.url}/saas-hotel-app/order/sys/list`);
    await tenant.getByTestId('hotel-orders-table').getByText('No data').waitFor();
    await tenant.close();
  });
});
