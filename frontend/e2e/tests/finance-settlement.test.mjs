// Issue 20's settlement scenario end to end in a real browser against the real fleet: the demo
// distributor pays a hotel order by credit from the order's page (hotel-app asks finance-app
// over the bus; the order becomes paid); the tenant's finance user ticks that order in the
// ledger, makes a receipt of it, records the money as arrived in one of the tenant's bank
// accounts in use (a disabled one is not offered), confirms and reviews it after the spec's
// questions; the money shows in the log page across receipts with its bank account, and the
// summary shows the distributor's received amount grown by the order, the order reconciled and
// reviewed with nothing left outstanding on it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, bookOnlinePaid, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();
const DEMO_DISTRIBUTOR = 2002;

const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

/** Asks `probe` until it answers something, up to `ms`. */
async function eventually(what, probe, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Demo Distributor's line of the receipt summary. */
async function summaryLine(token) {
  const r = await apiCall(ctx.fleet.url, 'GET', `/api/finance-app/saas/finance/verify/listDistributorReceiptSummary?distributorMchId=${DEMO_DISTRIBUTOR}`, token);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data.results.find((l) => l.currencyCode === 'CNY');
}

describe('settlement of a credit payment', () => {
  it('a distributor pays by credit, finance receives the money against the order and reviews it, the summary shows it settled', async () => {
    // A booking of the demo distributor, unpaid.
    const distributor = await apiLogin(ctx.fleet.url, 'distributor', 'distributor123');
    const { orderId, product: online } = await bookOnlinePaid(ctx.fleet.url, distributor, 7, 'Han Meimei', '13900001111');
    const loadOrder = (token) => apiCall(ctx.fleet.url, 'GET', `/api/hotel-app/saas/order/sys/load?orderId=${orderId}`, token);
    const price = (await loadOrder(distributor)).body.data.orderPrice;
    assert.ok(price > 0);

    // The distributor pays it by credit on the order's page.
    const payer = await newPage(ctx.browser, 'en-US');
    await login(payer, ctx.fleet.url, 'distributor', 'distributor123');
    // One session per user: the browser's login ended the API's.
    const payerToken = await payer.evaluate(() => sessionStorage.getItem('token'));
    await payer.goto(`${ctx.fleet.url}/saas-hotel-app/order/detail?orderId=${orderId}`);
    await payer.getByTestId('order-action-pay').click();
    const pay = payer.getByTestId('order-action-dialog');
    await pay.getByText(/Available credit: /).waitFor();
    assert.equal(await pay.getByTestId('field-payType').inputValue(), '1');
    await payer.waitForTimeout(300);
    await shot(payer, 'settlement-pay-by-credit');
    await pay.getByTestId('form-submit').click();
    await pay.waitFor({ state: 'detached' });
    // finance-app takes the amount and answers over the bus: paid (21).
    let last;
    await eventually('the credit payment answered', async () => {
      last = await loadOrder(payerToken);
      return last.body?.data?.payState === 21;
    }).catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(last)}`.slice(0, 1500));
    });
    await payer.reload();
    await payer.getByText('Han Meimei').first().waitFor();
    assert.equal(await payer.getByTestId('order-action-pay').count(), 0);
    await shot(payer, 'settlement-paid-by-credit');
    await payer.close();

    // The tenant's finance user: the order's row of the credit log reaches the ledger.
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    const staff = await page.evaluate(() => sessionStorage.getItem('token'));
    const creditLogId = await eventually('the order in the credit log', async () => {
      const r = await apiCall(ctx.fleet.url, 'GET', `/api/finance-app/saas/credit/log/list?orderId=${orderId}`, staff);
      return r.body.data?.results?.[0]?.id;
    });
    const before = await summaryLine(staff);

    // A bank account the money cannot go through: disabled, so not offered.
    const saved = await apiCall(ctx.fleet.url, 'POST', '/api/finance-app/saas/finance/bank/save', staff, {
      bankName: 'Closed Bank',
      accountName: 'Demo Travel',
      accountNo: '6200 0000 0000 0001',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const closed = await apiCall(ctx.fleet.url, 'PUT', '/api/finance-app/saas/finance/bank/disable', staff, { bankId: saved.body.data.bankId });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));

    // Tick the order among today's orders of Demo Distributor and make a receipt of it.
    await page.goto(`${ctx.fleet.url}/saas-app/finance/verify/listDistributorVerifyOrder?mchId=${DEMO_DISTRIBUTOR}`);
    await page.getByTestId('verify-start').fill(day(-1));
    await page.getByTestId('verify-end').fill(day(1));
    await page.getByRole('combobox', { name: 'Receipt', exact: true }).click();
    await page.getByRole('option', { name: 'In no receipt' }).click();
    await page.getByTestId('search-inquire').click();
    const pick = page.getByTestId(`pick-${creditLogId}`);
    await pick.waitFor();
    await pick.check();
    await shot(page, 'settlement-pick-order');
    await page.getByTestId('settlement-make').click();
    const make = page.getByTestId('make-dialog');
    await make.getByTestId('field-remark').fill('e2e credit order');
    await make.getByTestId('form-submit').click();
    await make.waitFor({ state: 'detached' });

    // The receipt: record the money through a bank account in use, confirm, review.
    await page.goto(`${ctx.fleet.url}/saas-app/finance/receipt/list`);
    const receipt = row(page, 'base-receipts-table', 'Demo Distributor').first();
    await receipt.getByText('Awaiting receipt').waitFor();
    await receipt.getByRole('button', { name: 'Detail' }).click();
    const detail = page.getByTestId('settlement-detail');
    await detail.getByTestId('settlement-orders').getByText(online.productName).waitFor();
    await detail.getByTestId('settlement-record').click();
    const money = page.getByTestId('money-dialog');
    assert.equal(await money.getByTestId('field-money').inputValue(), (price / 100).toFixed(2));
    // The bank account is required: nothing is sent without it.
    await money.getByTestId('form-submit').click();
    await money.getByText('Please enter Bank account').or(money.getByText('Please choose Bank account')).first().waitFor();
    await money.getByRole('combobox', { name: /Bank account/ }).click();
    const offered = await page.getByRole('option').allTextContents();
    assert.ok(offered.some((o) => o.includes('6222021202001234567')), offered.join(' | '));
    assert.ok(!offered.some((o) => o.includes('6200000000000001')), `a disabled account is offered: ${offered.join(' | ')}`);
    await page.getByRole('option', { name: /6222021202001234567/ }).click();
    await money.getByTestId('field-serialId').fill('E2E-CREDIT-1');
    await money.getByTestId('field-info').fill('Demo Distributor transfer');
    await page.waitForTimeout(300);
    await shot(page, 'settlement-record-money');
    await money.getByTestId('form-submit').click();
    await money.waitFor({ state: 'detached' });
    const logs = detail.getByTestId('settlement-logs');
    await logs.getByText('Pending confirm').waitFor();
    await logs.getByText(/6222021202001234567/).waitFor();
    await detail.locator('[data-testid^="log-confirm-"]').first().click();
    await page.getByTestId('confirm-dialog').getByText('Confirm this money has been received?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await logs.getByText('Confirmed').waitFor();
    await detail.getByTestId('settlement-figures').getByText('Full', { exact: true }).waitFor();
    await detail.getByTestId('settlement-review').click();
    await page.getByTestId('confirm-dialog').getByText('Confirm receipt information is correct?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await detail.getByTestId('settlement-figures').getByText('Reviewed', { exact: true }).waitFor();
    await detail.getByTestId('settlement-orders').getByText('Reconciled and reviewed').waitFor();
    await shot(page, 'settlement-receipt-reviewed');
    await page.getByTestId('settlement-close').click();

    // The money across receipts: the log page, with the bank account it went through.
    await page.goto(`${ctx.fleet.url}/saas-app/finance/receiptLog/list`);
    const record = row(page, 'base-receipt-logs-table', 'E2E-CREDIT-1');
    await record.getByText('Confirmed').waitFor();
    await record.getByText(/6222021202001234567/).waitFor();
    await record.getByText((price / 100).toFixed(2), { exact: true }).waitFor();
    const m = await page.getByTestId('base-receipt-logs-table').evaluate((t) => {
      const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    assert.ok(m.scroll <= m.client, `the log table overflows: ${JSON.stringify(m)}`);
    await shot(page, 'settlement-receipt-logs');

    // The summary: received grew by the order, due = received + outstanding, and the order is
    // settled (reconciled and reviewed, nothing outstanding on it).
    await page.goto(`${ctx.fleet.url}/saas-app/finance/verify/listDistributorReceiptSummary`);
    await row(page, 'base-receipt-summary-table', 'Demo Distributor').waitFor();
    const after = await summaryLine(staff);
    assert.equal(after.arrivalPrice - before.arrivalPrice, price, JSON.stringify({ before, after }));
    assert.equal(after.receiptPrice, after.arrivalPrice + after.outstanding);
    assert.equal(after.outstanding, before.outstanding - price);
    await row(page, 'base-receipt-summary-table', 'Demo Distributor').getByText((after.arrivalPrice / 100).toFixed(2), { exact: true }).waitFor();
    await shot(page, 'settlement-summary');
    const settled = await apiCall(ctx.fleet.url, 'GET', `/api/finance-app/saas/credit/log/list?orderId=${orderId}`, staff);
    const line = settled.body.data.results[0];
    assert.equal(line.receiptProgress, 3, JSON.stringify(line));
    await page.close();
  });
});
