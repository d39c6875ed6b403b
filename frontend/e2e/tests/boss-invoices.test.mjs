// Paid services' finishing and area management in a real browser against the real fleet: the
// platform tops Demo Travel up twice; Demo Travel's administrator ticks both top-ups on the
// Top-ups page and asks for an invoice (after the question naming their sum), sees them
// invoicing; the platform's administrator finds the request among every tenant's, marks it issued
// with its number (after the question), and the tenant's top-ups show invoiced. Two more
// requests: the tenant withdraws one (after the question), whose top-up can be ticked again on
// the Top-ups page; the platform refuses the other with a reason (required, then the question),
// which the tenant reads under its state, its top-ups ticked again. Then the platform's
// administrator adds a city under Zhejiang on the area page, which the tenant's administrator
// reads without the add and edit actions.
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

  it('lets the tenant withdraw a request and the platform refuse another with a reason', async () => {
    const base = ctx.fleet.url;
    const adminToken = await apiLogin(base, 'admin', 'admin123');
    for (const amount of [50_000, 20_000, 8_000]) {
      const r = await apiCall(base, 'POST', '/api/saas-main/saas/boss/charge/recharge', adminToken, { saasId: 1001, amount, remarks: 'bank transfer' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const demoToken = await apiLogin(base, 'demo', 'demo123');
    // The top-ups on no invoice: these three (the test above had its two invoiced).
    const free = (await apiCall(base, 'GET', '/api/saas-main/saas/boss/charge/list?state=1', demoToken)).body.data.results;
    const idOf = (amount) => free.find((r) => r.amount === amount && r.invoiceId === 0).id;
    const toWithdraw = [idOf(50_000)];
    const toRefuse = [idOf(20_000), idOf(8_000)];
    // Asked for through the API: the asking page is the test above's.
    for (const [title, logIds] of [['Withdrawn Travel Ltd', toWithdraw], ['Refused Travel Ltd', toRefuse]]) {
      const r = await apiCall(base, 'POST', '/api/saas-main/saas/boss/invoice/save', demoToken, {
        logIds,
        invoiceType: 1,
        title,
        taxNo: '91330100MA2B3C4D5E',
        email: 'finance@demo.com',
        addressPhone: '',
        bankAccount: '',
        remarks: '',
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }

    // The tenant withdraws the first: its top-up can be ticked again.
    const tenant = await newPage(ctx.browser, 'en-US');
    await login(tenant, base, 'demo', 'demo123');
    await tenant.goto(`${base}/saas-app/boss/invoice/list`);
    const withdrawn = row(tenant, 'base-invoices-table', 'Withdrawn Travel Ltd');
    await withdrawn.getByText('Invoicing').waitFor();
    assert.equal(await row(tenant, 'base-invoices-table', 'Demo Travel Ltd').getByRole('button', { name: 'Withdraw' }).count(), 0, 'an issued request is not withdrawn');
    await withdrawn.getByRole('button', { name: 'Withdraw' }).click();
    await tenant.getByTestId('confirm-dialog').getByText('Withdraw the invoice request to "Withdrawn Travel Ltd" (500.00)? Its top-ups become available to invoice again.').waitFor();
    await tenant.getByTestId('confirm-yes').click();
    await tenant.getByText('Withdrawn: its top-ups can be invoiced again').waitFor();
    await withdrawn.getByText('Withdrawn', { exact: true }).waitFor();
    assert.equal(await withdrawn.getByRole('button', { name: 'Withdraw' }).count(), 0);
    await tenant.goto(`${base}/saas-app/boss/charge/list`);
    await tenant.getByTestId('base-charges-table').waitFor();
    for (const id of toWithdraw) {
      await tenant.getByTestId(`charge-state-${id}`).getByText('Success').waitFor();
      assert.ok(await tenant.getByTestId(`charge-pick-${id}`).isEnabled());
    }
    for (const id of toRefuse) {
      await tenant.getByTestId(`charge-state-${id}`).getByText('Invoicing').waitFor();
      assert.equal(await tenant.getByTestId(`charge-pick-${id}`).count(), 0);
    }

    // The platform refuses the second: a reason is required, then the question.
    const platform = await newPage(ctx.browser, 'en-US');
    await login(platform, base, 'admin', 'admin123');
    await platform.goto(`${base}/saas-app/boss/invoice/list`);
    await platform.getByText("Tenants' invoice requests").first().waitFor();
    const theirs = row(platform, 'base-invoices-table', 'Refused Travel Ltd');
    await theirs.getByText('Invoicing').waitFor();
    // A withdrawn request is neither issued nor refused.
    assert.equal(await row(platform, 'base-invoices-table', 'Withdrawn Travel Ltd').getByRole('button').count(), 0);
    await theirs.getByRole('button', { name: 'Refuse' }).click();
    const refuse = platform.getByTestId('invoice-refuse-dialog');
    await refuse.getByTestId('invoice-refuse-details').getByText('Refused Travel Ltd').waitFor();
    await refuse.getByTestId('invoice-refuse-details').getByText('280.00 (2)').waitFor();
    await refuse.getByTestId('form-submit').click();
    await refuse.getByText('Please enter Reason for refusing').waitFor();
    assert.equal(await platform.getByTestId('confirm-yes').count(), 0);
    const reason = 'The taxpayer number is not the buyer\'s: ask again with the right one';
    await refuse.getByTestId('field-reason').fill(reason);
    await shot(platform, 'base-invoice-refuse');
    await refuse.getByTestId('form-submit').click();
    await platform.getByTestId('confirm-dialog').getByText('Refuse the invoice request to "Refused Travel Ltd" (280.00) with this reason? Its top-ups become available to invoice again.').waitFor();
    await platform.getByTestId('confirm-yes').click();
    await refuse.waitFor({ state: 'detached' });
    await theirs.getByText('Refused', { exact: true }).waitFor();
    await theirs.getByText(`Reason: ${reason}`).waitFor();
    assert.equal(await theirs.getByRole('button').count(), 0);
    await fits(platform, 'base-invoices-table');

    // A second refusal is refused by saas-main: the request is closed. (A new token: the
    // browser's login ended the first one's session.)
    const admin = await apiLogin(base, 'admin', 'admin123');
    const again = await apiCall(base, 'GET', '/api/saas-main/saas/platform/invoice/list?state=5', admin);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const refusedId = again.body.data.results.find((r) => r.title === 'Refused Travel Ltd').id;
    const twice = await apiCall(base, 'PUT', '/api/saas-main/saas/platform/invoice/refuse', admin, { id: refusedId, reason: 'again' });
    assert.equal(twice.status, 412, JSON.stringify(twice.body));
    assert.equal(twice.body.code, 'invoice-closed');

    // The tenant reads the state and the reason, and its top-ups can be ticked again.
    await tenant.goto(`${base}/saas-app/boss/invoice/list`);
    const mine = row(tenant, 'base-invoices-table', 'Refused Travel Ltd');
    await mine.getByText('Refused', { exact: true }).waitFor();
    await mine.getByTestId(`invoice-reason-${refusedId}`).getByText(`Reason: ${reason}`).waitFor();
    await fits(tenant, 'base-invoices-table');
    await shot(tenant, 'base-invoices-refused');
    await tenant.getByRole('combobox', { name: 'State' }).click();
    await tenant.getByRole('option', { name: 'Refused' }).click();
    await tenant.getByRole('button', { name: 'Inquire' }).click();
    await row(tenant, 'base-invoices-table', 'Withdrawn Travel Ltd').waitFor({ state: 'detached' });
    await mine.getByText('Refused', { exact: true }).waitFor();
    await tenant.goto(`${base}/saas-app/boss/charge/list`);
    await tenant.getByTestId('base-charges-table').waitFor();
    for (const id of toRefuse) {
      await tenant.getByTestId(`charge-state-${id}`).getByText('Success').waitFor();
      assert.ok(await tenant.getByTestId(`charge-pick-${id}`).isEnabled());
    }
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
