// The mall pages in a real browser against the real fleet: the operator reaches the mall from
// the top menu, adds a product (the form's rules first) and publishes it, makes a theme and
// orders its products, and starts a snap-up session of 3 units with a limit of 2 per user. On
// the buyer's page the distributor buys 2, its next order is refused by the limit, the operator
// (another buyer) asking for 2 is refused by the stock, buys the last one, and the session shows
// sold out. The buyer's page shows the mall's enabled theme; the distributor pays its order by
// credit (finance-app's saga: paying, then paid from the demo distributor's credit). Every page
// fits 1440 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { choose, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();
const PRODUCT = 'E2E Tea Cup';

/** Asserts the page needs no sideways scrolling at 1440 px. */
async function fitsWidth(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1440, `the page is ${width} px wide`);
}

/** `YYYY-MM-DDTHH:mm` in local time (the browser's and ours are the same machine's). */
function local(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Answers the question of the confirm dialog. */
async function confirm(page) {
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
}

describe('mall pages', () => {
  it('lets the operator add and publish a product, make a theme and start a session', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    await page.getByTestId('app-saas-mall-app').click();
    await page.waitForURL(/\/saas-mall-app\/product\/ProductManagementList$/);
    const products = page.getByTestId('mall-products-table');
    // The demo mall's products, by rank.
    await products.getByText('西湖龙井茶礼盒 250g').waitFor();
    await products.getByText('杭州丝绸围巾').waitFor();
    await fitsWidth(page);
    await shot(page, 'mall-products');

    await page.getByTestId('product-add').click();
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Product name').waitFor();
    await page.fill('[data-testid="field-productName"]', PRODUCT);
    await page.fill('[data-testid="field-keywords"]', 'tea cup gift');
    await choose(page, dialog, 'Supplier', 'Demo Supplier');
    await page.fill('[data-testid="field-price"]', '88.80');
    await page.fill('[data-testid="field-stock"]', '20');
    await page.fill('[data-testid="field-rankNum"]', '1');
    await shot(page, 'mall-product-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = products.getByRole('row').filter({ hasText: PRODUCT });
    await row.getByText('Draft').waitFor();
    await row.getByText('88.80').waitFor();
    await row.locator('[data-testid^=product-publish-]').click();
    await page.getByTestId('confirm-dialog').getByText(`Publish "${PRODUCT}"?`, { exact: false }).waitFor();
    await confirm(page);
    await row.getByText('On sale').waitFor();
    // Narrowed by keywords and state.
    await page.fill('[data-testid="products-keywords"]', 'cup');
    await page.getByRole('button', { name: 'Inquire' }).click();
    await products.getByText('西湖龙井茶礼盒 250g').waitFor({ state: 'detached' });
    await products.getByText(PRODUCT).waitFor();

    // A theme of the new product and the demo tea, the new one moved first.
    await page.goto(`${ctx.fleet.url}/saas-mall-app/product/ThemeManange`);
    const themes = page.getByTestId('mall-themes-table');
    await themes.getByText('杭州伴手礼').waitFor();
    await page.getByTestId('theme-add').click();
    const themeDialog = page.getByTestId('theme-dialog');
    await page.fill('[data-testid="field-themeName"]', 'E2E Tea Week');
    await page.fill('[data-testid="field-cover"]', 'ftp://nowhere');
    await themeDialog.getByTestId('form-submit').click();
    await themeDialog.getByText('Image addresses start with http://, https:// or /').waitFor();
    await page.fill('[data-testid="field-cover"]', '/favicon.svg');
    await themeDialog.getByTestId('form-submit').click();
    await themeDialog.waitFor({ state: 'hidden' });
    const themeRow = themes.getByRole('row').filter({ hasText: 'E2E Tea Week' });
    await themeRow.getByText('Enabled').waitFor();
    await themeRow.locator('[data-testid^=theme-products-]').click();
    const ordering = page.getByTestId('theme-products-dialog');
    await ordering.getByText('No products in this theme yet.').waitFor();
    for (const name of ['西湖龙井茶礼盒 250g', PRODUCT]) {
      await ordering.getByTestId('theme-add-product').locator('..').click();
      await page.getByRole('option', { name, exact: true }).click();
    }
    const items = ordering.getByTestId('theme-products');
    await items.getByText(`2. ${PRODUCT}`).waitFor();
    await items.getByRole('listitem').filter({ hasText: PRODUCT }).getByRole('button', { name: 'Move up' }).click();
    await items.getByText(`1. ${PRODUCT}`).waitFor();
    await shot(page, 'mall-theme-products');
    await ordering.getByTestId('theme-products-save').click();
    await ordering.waitFor({ state: 'hidden' });
    await themeRow.locator('[data-testid^=theme-products-]').click();
    await ordering.getByTestId('theme-products').getByText(`1. ${PRODUCT}`).waitFor();
    await ordering.getByRole('button', { name: 'Cancel' }).click();
    await themeRow.locator('[data-testid^=theme-disable-]').click();
    await confirm(page);
    await themeRow.getByText('Disabled').waitFor();
    await fitsWidth(page);
    await shot(page, 'mall-themes');

    // A session of 3 units, live from now, 2 per user.
    await page.goto(`${ctx.fleet.url}/saas-mall-app/product/online-snapup`);
    const sessions = page.getByTestId('mall-sessions-table');
    await sessions.getByText('西湖龙井茶礼盒 250g').waitFor();
    await page.getByTestId('session-add').click();
    const sessionDialog = page.getByTestId('session-dialog');
    await choose(page, sessionDialog, 'Mall product', PRODUCT);
    await page.fill('[data-testid="field-snapupPrice"]', '9.90');
    await page.fill('[data-testid="field-stock"]', '3');
    await page.fill('[data-testid="field-startTime"]', local(Date.now() - 60_000));
    await page.fill('[data-testid="field-endTime"]', local(Date.now() + 2 * 3_600_000));
    await page.fill('[data-testid="field-limitNum"]', '5');
    await sessionDialog.getByTestId('form-submit').click();
    await sessionDialog.getByText('Enter a limit from 1 to the session stock').waitFor();
    await page.fill('[data-testid="field-limitNum"]', '2');
    await shot(page, 'mall-session-dialog');
    await sessionDialog.getByTestId('form-submit').click();
    await sessionDialog.waitFor({ state: 'hidden' });
    const sessionRow = sessions.getByRole('row').filter({ hasText: PRODUCT });
    await sessionRow.getByText('3 / 3').waitFor();
    await sessionRow.getByText('Live').waitFor();
    await sessionRow.getByText('Per customer: 2 (counted per user)').waitFor();
    await fitsWidth(page);
    await shot(page, 'mall-sessions');
    await page.context().close();
  });

  it('lets buyers order until the session is sold out, refused by the limit and by the stock', async () => {
    const distributor = await newPage(ctx.browser, 'en-US');
    await login(distributor, ctx.fleet.url, 'distributor', 'distributor123');
    await distributor.goto(`${ctx.fleet.url}/saas-mall-app/product/snapup-place-order`);
    const card = distributor.locator('[data-testid^=snapup-card-]').filter({ hasText: PRODUCT }).first();
    await card.getByText('3 of 3 left').waitFor();
    await card.getByText(/Ends in \d\d:\d\d:\d\d/).waitFor();
    await fitsWidth(distributor);
    await shot(distributor, 'mall-snapup');
    await card.getByRole('button', { name: 'Buy now' }).click();
    const dialog = distributor.getByTestId('snapup-order-dialog');
    await distributor.fill('[data-testid="field-quantity"]', '2');
    await distributor.fill('[data-testid="field-contactName"]', 'Li Lei');
    await distributor.fill('[data-testid="field-contactPhone"]', '13812345678');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByTestId('snapup-placed').getByText(/1 left/).waitFor();
    await shot(distributor, 'mall-snapup-placed');
    // A second order of the same buyer passes its limit of 2.
    await distributor.fill('[data-testid="field-quantity"]', '1');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByTestId('snapup-refused-limit-reached').getByText('Purchase limit reached.').waitFor();
    await shot(distributor, 'mall-snapup-limit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card.getByText('1 of 3 left').waitFor();
    await distributor.getByTestId('snapup-orders').getByText(PRODUCT).waitFor();

    // Another buyer: 2 are more than is left; the last one is theirs.
    const operator = await newPage(ctx.browser, 'en-US');
    await login(operator, ctx.fleet.url, 'operator', 'operator123');
    await operator.goto(`${ctx.fleet.url}/saas-mall-app/product/snapup-place-order`);
    const theirs = operator.locator('[data-testid^=snapup-card-]').filter({ hasText: PRODUCT }).first();
    await theirs.getByText('1 of 3 left').waitFor();
    await theirs.getByRole('button', { name: 'Buy now' }).click();
    const other = operator.getByTestId('snapup-order-dialog');
    await operator.fill('[data-testid="field-quantity"]', '2');
    await operator.fill('[data-testid="field-contactName"]', 'Han Meimei');
    await operator.fill('[data-testid="field-contactPhone"]', '13912345678');
    await other.getByTestId('form-submit').click();
    await other.getByTestId('snapup-refused-stock-short').getByText('Not enough left.').waitFor();
    await operator.fill('[data-testid="field-quantity"]', '1');
    await other.getByTestId('form-submit').click();
    await other.getByTestId('snapup-placed').getByText(/0 left/).waitFor();
    await other.getByTestId('form-submit').click();
    await other.getByTestId('snapup-refused-sold-out').getByText('Sold out.').waitFor();
    await other.getByRole('button', { name: 'Cancel' }).click();
    await theirs.getByText('Sold out', { exact: true }).first().waitFor();
    await shot(operator, 'mall-snapup-sold-out');
    // The distributor's page follows the stock without a reload.
    await card.getByText('0 of 3 left').waitFor();
    await card.locator('[data-testid^=snapup-sold-out-]').waitFor();

    // The enabled demo theme is shown with its products (the test's own theme is disabled).
    const shownThemes = distributor.getByTestId('snapup-themes');
    await shownThemes.getByText('杭州伴手礼').waitFor();
    await shownThemes.getByText('杭州丝绸围巾').waitFor();
    assert.equal(await shownThemes.getByText('E2E Tea Week').count(), 0);

    // The distributor pays its order by credit: paying, then paid once finance-app took it.
    const mine = distributor.getByTestId('snapup-orders').getByRole('row').filter({ hasText: PRODUCT });
    await mine.getByRole('button', { name: 'Pay by credit' }).click();
    await distributor.getByTestId('confirm-dialog').getByText(/from your credit\?/).waitFor();
    await confirm(distributor);
    await mine.locator('[data-testid^=snapup-order-pay-]').getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
    await mine.getByRole('button', { name: 'Pay by credit' }).waitFor({ state: 'detached' });
    await fitsWidth(distributor);
    await shot(distributor, 'mall-snapup-paid');

    // The staff's session list shows it sold out.
    await operator.goto(`${ctx.fleet.url}/saas-mall-app/product/online-snapup`);
    const row = operator.getByTestId('mall-sessions-table').getByRole('row').filter({ hasText: PRODUCT });
    await row.getByText('0 / 3').waitFor();
    await row.getByText('Sold out').waitFor();
    await distributor.context().close();
    await operator.context().close();
  });
});
