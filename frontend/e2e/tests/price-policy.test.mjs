// The price policy pages in a real browser against the real fleet: the demo admin adds a price
// level, a rule whose formula divides by zero is refused with the character marked (in the
// preview and at save), a good formula previews its price and saves, a currency rate is set and
// converts an amount; a request filed in "my requests" is rejected with a remark by the approver
// and its outcome is shown to the requester; a distributor put on a level with a rule is priced
// by it on the supplier's price calendar.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { choose, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

/** The row of a list table holding `text`. */
const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

/** The table scrolls no sideways at 1440 px. */
async function fits(page, table) {
  const f = await page.getByTestId(table).evaluate((t) => {
    const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  assert.ok(f.scroll <= f.client, `${table}: ${JSON.stringify(f)}`);
}

/** Adds the price level `name` on the levels page, at `level` when given (else the first free one). */
async function addLevel(page, name, level) {
  await page.goto(`${ctx.fleet.url}/saas-app/pricePolicy/priceGrade/list`);
  await row(page, 'base-grades-table', 'Default level').waitFor();
  await page.getByTestId('grade-add').click();
  const dialog = page.getByTestId('grade-dialog');
  if (level) await choose(page, dialog, /^Level/, level);
  await dialog.getByTestId('field-gradeName').fill(name);
  await dialog.getByTestId('form-submit').click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, 'base-grades-table', name).waitFor();
}

describe('price policy pages', () => {
  it('adds a level, refuses a bad formula at its position, saves a good one, converts at a rate', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');

    await addLevel(page, 'Gold');
    await fits(page, 'base-grades-table');
    await shot(page, 'base-price-grades');

    await page.goto(`${ctx.fleet.url}/saas-app/pricePolicy/priceRule/list`);
    await page.getByTestId('base-rules-table').waitFor();
    await page.getByTestId('rule-add').click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByTestId('field-ruleName').fill('Gold discount');
    await dialog.getByRole('combobox', { name: /Level/ }).click();
    await page.getByRole('option', { name: '1', exact: true }).click();
    await dialog.getByTestId('field-formula').fill('distribution / (2 - 2)');
    await dialog.getByTestId('rule-calculate').click();
    await dialog.getByTestId('rule-preview').getByText('at character 16: division by zero').waitFor();
    const caret = await dialog.getByTestId('rule-caret').innerText();
    assert.equal(caret.split('\n')[1], `${' '.repeat(15)}^`);
    await shot(page, 'base-price-rule-error');
    // Saving it anyway: the service's 412 is shown under the formula, the dialog stays.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('at character 16: division by zero').first().waitFor();
    assert.equal(await dialog.isVisible(), true);

    await dialog.getByTestId('field-formula').fill('distribution * 0.8');
    await dialog.getByTestId('rule-calculate').click();
    await dialog.getByTestId('rule-preview').getByText('Price: 80.00 (exact: 8000 fen)').waitFor();
    await shot(page, 'base-price-rule-preview');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'base-rules-table', 'Gold discount').getByText('distribution * 0.8').waitFor();
    await row(page, 'base-rules-table', 'Gold discount').getByText('Enabled').waitFor();
    await fits(page, 'base-rules-table');
    // Disabling asks first.
    await row(page, 'base-rules-table', 'Gold discount').getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('confirm-dialog').getByText('Disable the rule “Gold discount”?', { exact: false }).waitFor();
    await page.getByTestId('confirm-yes').click();
    await row(page, 'base-rules-table', 'Gold discount').getByText('Disabled').waitFor();
    await shot(page, 'base-price-rules');

    // Deleting the level names the rule it clears.
    await page.goto(`${ctx.fleet.url}/saas-app/pricePolicy/priceGrade/list`);
    await row(page, 'base-grades-table', 'Gold').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog').getByText('price rules deleted: Gold discount', { exact: false }).waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'base-price-grade-delete');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${ctx.fleet.url}/saas-app/pricePolicy/currencyRate/list`);
    await page.getByTestId('base-rates-table').waitFor();
    await page.getByTestId('rate-add').click();
    const rateDialog = page.getByTestId('rate-dialog');
    await rateDialog.getByTestId('field-rate').fill('7.1234');
    await rateDialog.getByTestId('form-submit').click();
    await rateDialog.waitFor({ state: 'detached' });
    await page.getByTestId('rate-USD-CNY').getByText('1 USD = 7.1234 CNY').waitFor();
    await page.getByTestId('convert-amount').fill('100.00');
    await page.getByTestId('convert').click();
    await page.getByTestId('convert-result').getByText('= 712.34 CNY (rate 7.1234)').waitFor();
    await fits(page, 'base-rates-table');
    await shot(page, 'base-currency-rates');
  });

  it('files a request, rejects it with a remark, and the requester sees the outcome', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/approval/request/myList`);
    await page.getByTestId('base-my-requests-table').waitFor();
    await page.getByTestId('approval-add').click();
    const filing = page.getByTestId('approval-request-dialog');
    await filing.getByRole('combobox', { name: /Operation/ }).click();
    await page.getByRole('option', { name: 'Modify', exact: true }).click();
    await filing.getByRole('combobox', { name: /Object$/ }).click();
    await page.getByRole('option', { name: 'Scenic spot', exact: true }).click();
    await filing.getByTestId('field-refId').fill('55');
    await filing.getByTestId('field-refName').fill('West Lake');
    await filing.getByTestId('field-title').fill('New opening hours');
    await filing.getByTestId('field-content').fill('8:00 to 18:00');
    await filing.getByTestId('form-submit').click();
    await filing.waitFor({ state: 'detached' });
    await row(page, 'base-my-requests-table', 'New opening hours').getByText('Pending').waitFor();

    await page.goto(`${ctx.fleet.url}/saas-app/approval/request/list`);
    await row(page, 'base-approvals-table', 'New opening hours').getByText('Pending').waitFor();
    await fits(page, 'base-approvals-table');
    await row(page, 'base-approvals-table', 'New opening hours').getByRole('button', { name: 'Reject' }).click();
    const decision = page.getByTestId('approval-decision');
    await decision.getByTestId('form-submit').click();
    await decision.getByText('Please enter Approver’s remark').waitFor();
    await decision.getByTestId('field-remark').fill('Hours need the spot’s confirmation');
    await shot(page, 'base-approval-reject');
    await decision.getByTestId('form-submit').click();
    await decision.waitFor({ state: 'detached' });
    await row(page, 'base-approvals-table', 'New opening hours').getByText('Rejected').waitFor();
    await shot(page, 'base-approvals');

    await page.goto(`${ctx.fleet.url}/saas-app/approval/request/myList`);
    await row(page, 'base-my-requests-table', 'New opening hours').getByText('Hours need the spot’s confirmation').waitFor();
    await row(page, 'base-my-requests-table', 'New opening hours').getByText('Rejected').waitFor();
    await fits(page, 'base-my-requests-table');
    await shot(page, 'base-my-requests');
  });

  it('prices a distributor put on a level by its rule on the supplier’s price calendar', async () => {
    // The tenant's operator: the demo admin's sessions of the tests above stay open.
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    await addLevel(page, 'Partner', '5');

    await page.goto(`${ctx.fleet.url}/saas-app/pricePolicy/priceRule/list`);
    await page.getByTestId('base-rules-table').waitFor();
    await page.getByTestId('rule-add').click();
    const ruleDialog = page.getByTestId('rule-dialog');
    await ruleDialog.getByTestId('field-ruleName').fill('Partner half price');
    await choose(page, ruleDialog, /^Level/, '5');
    await ruleDialog.getByTestId('field-formula').fill('distribution * 0.5');
    await ruleDialog.getByTestId('form-submit').click();
    await ruleDialog.waitFor({ state: 'detached' });
    await row(page, 'base-rules-table', 'Partner half price').getByText('Enabled').waitFor();

    await page.goto(`${ctx.fleet.url}/saas-app/merchant/distributor/list`);
    await row(page, 'base-distributors-table', 'Demo Distributor').getByRole('button', { name: 'Edit' }).click();
    const merchant = page.getByTestId('merchant-dialog');
    await choose(page, merchant, /^Grade/, '5');
    await merchant.getByTestId('form-submit').click();
    await merchant.waitFor({ state: 'detached' });
    await page.close();

    // The supplier's calendar of its hotel product, asked for Demo Distributor: tomorrow's
    // price is half the common distribution price, marked as the rule's. hotel-app learns the
    // level and the rule through the bus, so the list is asked again until it has them.
    const supplier = await newPage(ctx.browser, 'en-US');
    await login(supplier, ctx.fleet.url, 'supplier', 'supplier123');
    await supplier.goto(`${ctx.fleet.url}/saas-hotel-app/product/list`);
    await supplier.locator('[data-testid^=product-prices-]').first().click();
    await supplier.waitForURL(/\/saas-hotel-app\/product\/priceStore\?productId=\d+/);
    const tomorrow = day(1);
    if (tomorrow.slice(0, 7) !== (await supplier.getByTestId('prices-month').innerText())) await supplier.getByTestId('prices-next').click();
    const common = await supplier.getByTestId(`price-day-${tomorrow}`).getByTestId('price-distribution').innerText();
    const yuan = Number(common.replace(/[^0-9.]/g, ''));
    assert.ok(yuan > 0, common);
    await choose(supplier, supplier, 'Distributor', 'Demo Distributor');
    const ruled = supplier.getByTestId('own-prices-table').getByRole('row').filter({ hasText: tomorrow }).getByTestId('own-by-rule');
    for (let tries = 0; tries < 20 && (await ruled.count()) === 0; tries += 1) {
      await supplier.getByTestId('own-inquire').click();
      await supplier.waitForTimeout(500);
    }
    // The chip is a block of its own: the price and its mark are on two lines.
    assert.equal((await ruled.innerText()).replace(/\s+/g, ' '), `${(yuan / 2).toFixed(2)} Price rule`);
    await ruled.scrollIntoViewIfNeeded();
    await shot(supplier, 'hotel-distributor-price-rule');
    await supplier.close();
  });
});
