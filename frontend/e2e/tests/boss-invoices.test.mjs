// Paid services' finishing and area management in a real browser against the real fleet: the
// platform tops Demo Travel up twice; Demo Travel's administrator ticks both top-ups on the
// Top-ups page and asks for an invoice (after the question naming their sum), sees them
// invoicing; the platform's administrator finds the request among every tenant's, marks it issued
// with its number (after the question), and the tenant's top-ups show invoiced. Then the
// platform's administrator adds a city under Zhejiang on the area page, which the tenant's
// administrator reads without the add and edit actions.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

async function fits(page, table) {
  const f = await page.getByTestId(table).evaluate((t) => {
    const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  assert.ok(f.scroll <= f.client, `${table}: ${JSON.stringify(f)}`);
}

describe('boss invoices and areas', () => {
  it('asks for an invoice over top-ups, which the platform marks issued', async () => {
    const base = ctx.fleet.url;
    const adminToken = await apiLogin(base, 'admin', 'admin123');
    for (const amount of [120_000, 30_000]) {
      const r = await apiCall(base, 'POST', '/api/saas-main/saas/boss/charge/recharge', adminToken, { saasId: 1001, amount, remarks: 'bank transfer' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const demoToken = await apiLogin(base, 'demo', 'demo123');
    const charges = await apiCall(base, 'GET', '/api/saas-main/saas/boss/charge/list?state=1', demoToken);
    const ids = charges.body.data.results.map((r) => r.id);
    assert.equal(ids.length, 2);

    const tenant = await newPage(ctx.browser, 'en-US');
    await login(tenant, base, 'demo', 'demo123');
    await tenant.goto(`${base}/saas-app/boss/charge/list`);
    await tenant.getByTestId('base-charges-table').waitFor();
    for (const id of ids) await tenant.getByTestId(`charge-pick-${id}`).check();
    await tenant.getByTestId('charge-ask-invoice').click();
    const form = tenant.getByTestId('invoice-ask-dialog');
    await form.getByTestId('invoice-ask-sum').getByText('2 top-up(s), 1500.00 in all').waitFor();
    await form.getByTestId('field-title').fill('Demo Travel Ltd');
    await form.getByTestId('field-taxNo').fill('91330100MA2B3C4D5E');
    await form.getByTestId('field-email').fill('finance@demo.com');
    await shot(tenant, 'base-invoice-ask');
    await form.getByTestId('form-submit').click();
    await tenant.getByTestId('confirm-dialog').getByText('Ask for an invoice over 2 top-up(s) of 1500.00? They cannot be invoiced again.').waitFor();
    await tenant.getByTestId('confirm-yes').click();
    await form.waitFor({ state: 'detached' });
    for (const id of ids) await tenant.getByTestId(`charge-state-${id}`).getByText('Invoicing').waitFor();
    await fits(tenant, 'base-charges-table');
    await shot(tenant, 'base-charges');

    await tenant.goto(`${base}/saas-app/boss/invoice/list`);
    const mine = row(tenant, 'base-invoices-table', 'Demo Travel Ltd');
    await mine.getByText('Invoicing').waitFor();
    assert.equal(await mine.getByRole('button', { name: 'Mark issued' }).count(), 0);
    await fits(tenant, 'base-invoices-table');
    await shot(tenant, 'base-invoices');

    const platform = await newPage(ctx.browser, 'en-US');
    await login(platform, base, 'admin', 'admin123');
    await platform.goto(`${base}/saas-app/boss/invoice/list`);
    await platform.getByText("Tenants' invoice requests").first().waitFor();
    const theirs = row(platform, 'base-invoices-table', 'Demo Travel Ltd');
    await theirs.getByRole('button', { name: 'Mark issued' }).click();
    const issue = platform.getByTestId('invoice-issue-dialog');
    // The buyer's details the platform issues the invoice to.
    await issue.getByTestId('invoice-issue-details').getByText('91330100MA2B3C4D5E').waitFor();
    await issue.getByTestId('field-invoiceNo').fill('04400123456789012345');
    await shot(platform, 'base-invoice-issue');
    await issue.getByTestId('form-submit').click();
    await platform.getByTestId('confirm-dialog').getByText('Mark the invoice to "Demo Travel Ltd" (1500.00) as issued with this number?').waitFor();
    await platform.getByTestId('confirm-yes').click();
    await issue.waitFor({ state: 'detached' });
    await theirs.getByText('Invoiced').waitFor();
    await theirs.getByText('04400123456789012345').waitFor();
    await fits(platform, 'base-invoices-table');
    await shot(platform, 'base-invoices-platform');

    await tenant.goto(`${base}/saas-app/boss/charge/list`);
    for (const id of ids) await tenant.getByTestId(`charge-state-${id}`).getByText('Invoiced').waitFor();
  });

  it('lets the platform add a city that every tenant reads', async () => {
    const base = ctx.fleet.url;
    const platform = await newPage(ctx.browser, 'en-US');
    await login(platform, base, 'admin', 'admin123');
    await platform.goto(`${base}/saas-app/area/areaInfo/list`);
    await platform.getByTestId('area-code-CN-BJ').waitFor();
    await platform.getByTestId('area-add').click();
    const dialog = platform.getByTestId('area-dialog');
    await dialog.getByRole('combobox', { name: /Under/ }).click();
    await platform.getByRole('option', { name: /Zhejiang/ }).click();
    await dialog.getByTestId('field-code').fill('hz');
    await dialog.getByTestId('field-name').fill('杭州市');
    await dialog.getByTestId('field-nameEn').fill('Hangzhou');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await platform.getByTestId('areas-keyword').fill('hangzhou');
    await platform.getByRole('button', { name: 'Inquire' }).click();
    await platform.getByTestId('area-code-CN-ZJ-HZ').waitFor();
    await fits(platform, 'base-areas-table');
    await shot(platform, 'base-areas-platform');

    const tenant = await newPage(ctx.browser, 'zh-CN');
    await login(tenant, base, 'demo', 'demo123');
    await tenant.goto(`${base}/saas-app/area/areaInfo/list`);
    await tenant.getByTestId('area-code-CN-BJ').waitFor();
    await tenant.getByTestId('areas-keyword').fill('CN-ZJ');
    await tenant.getByRole('button', { name: '查询' }).click();
    await tenant.getByTestId('area-code-CN-ZJ').waitFor();
    await tenant.getByTestId('area-code-CN-ZJ-HZ').waitFor();
    assert.equal(await tenant.getByTestId('area-add').count(), 0);
    assert.equal(await tenant.getByTestId('area-edit-CN-ZJ-HZ').count(), 0);
    await fits(tenant, 'base-areas-table');
    await shot(tenant, 'base-areas');
  });
});
