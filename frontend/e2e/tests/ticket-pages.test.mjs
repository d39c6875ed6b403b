// The ticket pages in a real browser against the real fleet, as far as ticket-app serves them:
// the operator reaches the scenic spots from the Ticket entry of the top menu and its home,
// narrows the list, adds a spot (the form's rules first) and changes it; a supplier requests a
// new spot, which the operator approves into the list; the supplier applies to supply a system
// spot and the operator accepts it on the spot's suppliers page; the supplier publishes a ticket
// product, the distributor books two tickets, the supplier confirms the order from its order
// list, the voucher downloads as a PDF, one ticket is admitted at the gate page and its second
// scan refused; the operator's staff see the tenant's order list but neither merchant list.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apiCall, apiLogin, choose, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

/** The order of two tickets for today the distributor books and the supplier confirms. */
let todayOrder = '';

/** `YYYY-MM-DD` of China's day `n` days from now: the business day ticket-app dates visits and scans by. */
function chinaDay(n) {
  return new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
}

/** Asserts the page needs no sideways scrolling at 1440 px. */
async function fitsWidth(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1440, `the page is ${width} px wide`);
}

describe('ticket pages', () => {
  it('lets the operator find, add and change scenic spots from the ticket home', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    // The Ticket entry of the top menu opens the ticket home, whose cards list its pages.
    await page.getByTestId('app-saas-ticket-app').click();
    await page.waitForURL(/\/ticket\/home$/);
    const home = page.getByTestId('module-home-saas-ticket-app');
    await home.getByText('Scenic spot requests').waitFor();
    await shot(page, 'ticket-home');
    await home.getByText('Scenic spot list').click();
    await page.waitForURL(/\/saas-ticket-app\/scenic\/list$/);

    const table = page.getByTestId('ticket-scenics-table');
    // The demo tenant's two spots.
    await table.getByText('West Lake Scenic Area').waitFor();
    await table.getByText('Qiandao Lake').waitFor();
    await shot(page, 'ticket-scenic-list');
    await fitsWidth(page);

    await page.fill('[data-testid="scenics-name"]', 'qiandao');
    await page.getByTestId('search-inquire').click();
    await table.getByText('West Lake Scenic Area').waitFor({ state: 'detached' });
    await table.getByText('Qiandao Lake').waitFor();
    await page.getByTestId('search-reset').click();
    await table.getByText('West Lake Scenic Area').waitFor();

    await page.getByTestId('scenic-add').click();
    const dialog = page.getByTestId('scenic-dialog');
    await page.fill('[data-testid="field-phone"]', 'call me');
    await page.fill('[data-testid="field-openTime"]', '08:00');
    await choose(page, dialog, 'Opening', 'Seasonal');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Scenic spot name').waitFor();
    await dialog.getByText('Wrong phone format!').waitFor();
    await dialog.getByText('Please enter Closes at (HH:MM)').waitFor();
    await dialog.getByText('A seasonal spot needs its seasons').waitFor();
    await page.fill('[data-testid="field-scenicName"]', '灵隐寺');
    await page.fill('[data-testid="field-scenicNameEn"]', 'Lingyin Temple');
    await page.fill('[data-testid="field-phone"]', '0571-87968665');
    // The area through the picker: China, then Zhejiang among China's 34 provinces (the demo's,
    // each in use); no city, so the spot is in Zhejiang.
    await page.getByTestId('field-areaId').click();
    await page.getByTestId('field-areaId').fill('chin');
    await page.getByRole('option', { name: 'China (CN)', exact: true }).click();
    assert.equal(await page.getByTestId('field-areaId').inputValue(), 'China (CN)');
    await page.getByTestId('field-areaId-province').click();
    const provinces = page.getByRole('listbox');
    const zhejiang = provinces.getByRole('option', { name: 'Zhejiang (CN-ZJ)', exact: true });
    await zhejiang.waitFor();
    assert.equal(await provinces.getByRole('option').count(), 34);
    await page.waitForTimeout(300);
    await shot(page, 'ticket-scenic-area-picker');
    await zhejiang.click();
    assert.equal(await page.getByTestId('field-areaId-province').inputValue(), 'Zhejiang (CN-ZJ)');
    assert.equal(await page.getByTestId('field-areaId-city').inputValue(), '');
    await page.fill('[data-testid="field-zoneName"]', 'West Lake district');
    await page.fill('[data-testid="field-address"]', '1 Fayun Lane, Hangzhou');
    await page.fill('[data-testid="field-longitude"]', '120.1');
    await page.fill('[data-testid="field-latitude"]', '30.24');
    await page.fill('[data-testid="field-closeTime"]', '17:00');
    await page.fill('[data-testid="field-seasons"]', '03-01 to 11-30');
    await page.fill('[data-testid="field-images"]', 'https://img.example/lingyin.jpg');
    await page.fill('[data-testid="field-notices"]', 'Incense is given at the gate');
    await choose(page, dialog, 'Rating', 'AAAA');
    await page.waitForTimeout(400);
    await shot(page, 'ticket-scenic-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row').filter({ hasText: 'Lingyin Temple' });
    await row.getByText('AAAA', { exact: true }).waitFor();
    await row.getByText('08:00-17:00').waitFor();

    // Its form opens loaded; a name another spot has is ticket-app's 412, under the name.
    await row.getByRole('button', { name: 'Change' }).click();
    await dialog.waitFor();
    assert.equal(await page.locator('[data-testid="field-scenicName"]').inputValue(), '灵隐寺');
    assert.equal(await page.locator('[data-testid="field-latitude"]').inputValue(), '30.24');
    await page.waitForFunction(() => document.querySelector('[data-testid="field-areaId-province"]')?.value === 'Zhejiang (CN-ZJ)');
    assert.equal(await page.getByTestId('field-areaId').inputValue(), 'China (CN)');
    await page.fill('[data-testid="field-scenicName"]', '千岛湖风景区');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('the tenant has a scenic spot of this name').waitFor();
    await page.fill('[data-testid="field-scenicName"]', '灵隐寺');
    await page.fill('[data-testid="field-phone"]', '0571-87968666');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('0571-87968666').waitFor();
    await page.close();
  });

  it("lets a supplier request a new spot, which the operator approves into the list", async () => {
    const supplier = await newPage(ctx.browser, 'en-US');
    await login(supplier, ctx.fleet.url, 'supplier', 'supplier123');
    await supplier.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/list`);
    const table = supplier.getByTestId('ticket-scenics-table');
    await table.getByText('West Lake Scenic Area').waitFor();
    await supplier.getByTestId('scenic-add').click();
    const dialog = supplier.getByTestId('scenic-dialog');
    await dialog.getByText('Request a new scenic spot').waitFor();
    assert.equal(await supplier.getByTestId('field-state').count(), 0);
    await supplier.fill('[data-testid="field-scenicName"]', '宋城');
    await supplier.fill('[data-testid="field-scenicNameEn"]', 'Songcheng Park');
    await supplier.fill('[data-testid="field-openTime"]', '09:00');
    await supplier.fill('[data-testid="field-closeTime"]', '21:00');
    await shot(supplier, 'ticket-scenic-request-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await supplier.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/scenicRequests/list`);
    await supplier.getByTestId('ticket-requests-table').getByRole('row').filter({ hasText: '宋城' }).getByText('Pending').waitFor();
    await supplier.close();

    const operator = await newPage(ctx.browser, 'en-US');
    await login(operator, ctx.fleet.url, 'operator', 'operator123');
    await operator.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/scenicRequests/list`);
    const row = operator.getByTestId('ticket-requests-table').getByRole('row').filter({ hasText: '宋城' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const asked = operator.getByTestId('request-fields');
    await asked.getByText('Songcheng Park').waitFor();
    await asked.getByText('09:00-21:00').waitFor();
    // Past the dialog's fade-in.
    await operator.waitForTimeout(400);
    await shot(operator, 'ticket-scenic-request-details');
    await operator.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    await shot(operator, 'ticket-scenic-requests');
    await fitsWidth(operator);
    await row.getByRole('button', { name: 'Approve' }).click();
    const decision = operator.getByTestId('request-decision');
    await decision.getByText('Approve this request? The scenic spot is listed or changed as asked.').waitFor();
    await decision.getByTestId('form-submit').click();
    await decision.waitFor({ state: 'hidden' });
    await row.getByText('Approved').waitFor();
    await operator.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/list`);
    const listed = operator.getByTestId('ticket-scenics-table').getByRole('row').filter({ hasText: 'Songcheng Park' });
    await listed.getByText('Normal').waitFor();
    await operator.close();
  });

  it('lets the supplier apply to supply a system spot, which the operator accepts on its suppliers page', async () => {
    const supplier = await newPage(ctx.browser, 'en-US');
    await login(supplier, ctx.fleet.url, 'supplier', 'supplier123');
    await supplier.goto(`${ctx.fleet.url}/saas-ticket-app/product/scenicProducts/listForScenic`);
    const table = supplier.getByTestId('ticket-system-scenics-table');
    const lingyin = table.getByRole('row').filter({ hasText: 'Lingyin Temple' });
    await lingyin.getByText('Not applied').waitFor();
    // The demo spots and the one its approved request made are its own already.
    await table.getByRole('row').filter({ hasText: 'West Lake Scenic Area' }).getByText('Cooperating').waitFor();
    await table.getByRole('row').filter({ hasText: 'Songcheng Park' }).getByText('Cooperating').waitFor();
    await shot(supplier, 'ticket-system-scenics');
    await fitsWidth(supplier);
    await lingyin.getByRole('button', { name: 'Apply to supply' }).click();
    await supplier.getByTestId('confirm-yes').click();
    await lingyin.getByText('Pending').waitFor();
    await supplier.close();

    const operator = await newPage(ctx.browser, 'en-US');
    await login(operator, ctx.fleet.url, 'operator', 'operator123');
    await operator.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/list`);
    await operator.getByTestId('ticket-scenics-table').getByRole('row').filter({ hasText: 'Lingyin Temple' }).getByRole('link', { name: 'Suppliers' }).click();
    await operator.waitForURL(/\/saas-ticket-app\/scenic\/scenicSuppliers\/list\?scenicId=\d+/);
    const row = operator.getByTestId('ticket-scenic-suppliers-table').getByRole('row').filter({ hasText: 'Demo Supplier' });
    await row.getByText('Pending').waitFor();
    await shot(operator, 'ticket-scenic-suppliers');
    await fitsWidth(operator);
    await row.getByRole('button', { name: 'Accept' }).click();
    const change = operator.getByTestId('scenic-supplier-change');
    await change.getByText('Accept this supplier for the scenic spot?').waitFor();
    await operator.fill('[data-testid="field-remark"]', 'Contract signed');
    await change.getByTestId('form-submit').click();
    await change.waitFor({ state: 'hidden' });
    await row.getByText('Cooperating').waitFor();
    await row.getByText('Contract signed').waitFor();
    await operator.close();
  });

  it('lets the supplier add a ticket product by the form\'s rules, publish it and price it in its calendar; the lists show it', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/product/scenicProducts/list`);
    await page.getByTestId('product-add').click();
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Product name').waitFor();
    await dialog.getByText('Please select Scenic spot').waitFor();
    await page.fill('[data-testid="field-productName"]', 'West Lake boat, adult');
    await choose(page, dialog, 'Scenic spot', '西湖风景名胜区');
    await choose(page, dialog, 'Delivery', 'Express delivery');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText("Express delivery needs the buyer's delivery address").waitFor();
    await choose(page, dialog, 'Delivery', 'E-ticket');
    await choose(page, dialog, 'Voucher', 'PDF');
    await choose(page, dialog, 'Confirmation', 'Delayed');
    await choose(page, dialog, 'Purchase limit', 'Per order');
    await page.fill('[data-testid="field-limitNum"]', '5');
    await page.waitForTimeout(300);
    await shot(page, 'ticket-product-form-top');
    await page.fill('[data-testid="field-smsText"]', 'x'.repeat(121));
    await dialog.getByText('121 characters: too long for two messages (60 characters each)').waitFor();
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('The SMS is sent in at most 2 messages of 60 characters').waitFor();
    await page.fill('[data-testid="field-smsText"]', 'Your West Lake boat tickets are confirmed. Show the QR code at the pier gate to board.');
    await dialog.getByText(/sent as two messages/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'ticket-product-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByTestId('ticket-products-table');
    const row = table.getByRole('row').filter({ hasText: 'West Lake boat, adult' });
    await row.getByText('Unpublished').waitFor();
    await row.getByTestId(/^product-actions-/).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await page.getByText('Publish West Lake boat, adult? Distributors can book it at once.').waitFor();
    await page.getByTestId('confirm-yes').click();
    await row.getByText('On sale').waitFor();
    await shot(page, 'ticket-product-list');
    await fitsWidth(page);

    // Its calendar: nothing is set without dates; tomorrow to three days on get prices and stock.
    await row.getByRole('link', { name: 'Prices' }).click();
    await page.waitForURL(/\/saas-ticket-app\/product\/ticketPriceStore\?productId=\d+/);
    await page.getByTestId('prices-set').click();
    const prices = page.getByTestId('price-dialog');
    await prices.getByTestId('form-submit').click();
    await prices.getByText('A date must be chosen before changing a price').waitFor();
    await page.fill('[data-testid="field-startDate"]', day(1));
    await page.fill('[data-testid="field-endDate"]', day(3));
    await choose(page, prices, 'Retail price', 'Divide');
    await page.fill('[data-testid="field-retailPrice"]', '0');
    await prices.getByTestId('form-submit').click();
    await prices.getByText('The division operand cannot be zero').waitFor();
    await choose(page, prices, 'Retail price', 'Fixed');
    await page.fill('[data-testid="field-retailPrice"]', '120');
    await choose(page, prices, 'Purchase price', 'Fixed');
    await page.fill('[data-testid="field-purchasePrice"]', '60');
    await choose(page, prices, 'Distribution price', 'Fixed');
    await page.fill('[data-testid="field-distributionPrice"]', '80');
    await choose(page, prices, 'Stock', 'Limited');
    await page.fill('[data-testid="field-stock"]', '10');
    await prices.getByText('3 dates chosen').waitFor();
    await shot(page, 'ticket-price-dialog');
    await prices.getByTestId('form-submit').click();
    await prices.waitFor({ state: 'hidden' });
    const tomorrow = day(1);
    if (tomorrow.slice(0, 7) !== (await page.getByTestId('prices-month').innerText())) await page.getByTestId('prices-next').click();
    const cell = page.getByTestId(`price-day-${tomorrow}`);
    await cell.getByText('¥80.00').waitFor();
    await cell.getByText(/Stock 10/).waitFor();
    await shot(page, 'ticket-price-calendar');
    await fitsWidth(page);

    await page.goto(`${ctx.fleet.url}/saas-ticket-app/product/scenicProducts/listScenic`);
    await page.getByTestId('ticket-groups-table').getByText('West Lake boat, adult').waitFor();
    await shot(page, 'ticket-product-groups');
    await fitsWidth(page);
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/product/supplierProduct/listTicket`);
    await page.getByTestId('ticket-products-table').getByRole('row').filter({ hasText: 'West Lake boat, adult' }).getByText('On sale').waitFor();
    await page.close();
  });

  it('lets the distributor book two tickets of the published product for tomorrow with the buyer\'s details', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'distributor', 'distributor123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/booking/ticketBookings/list`);
    await page.fill('[data-testid="booking-visit-date"]', day(1));
    await page.fill('[data-testid="booking-quantity"]', '2');
    await page.getByTestId('search-inquire').click();
    const row = page.getByTestId('ticket-booking-table').getByRole('row').filter({ hasText: 'West Lake boat, adult' });
    await row.getByText('160.00').waitFor();
    await shot(page, 'ticket-booking-search');
    await fitsWidth(page);
    await row.getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByTestId('ticket-order-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Name').waitFor();
    await page.fill('[data-testid="field-buyer.name"]', 'Li Si');
    await page.fill('[data-testid="field-buyer.mobile"]', '13800000000');
    await shot(page, 'ticket-order-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('booking-placed').getByText(/Order \d+ placed/).waitFor();
    // Two of the ten tickets are held.
    await row.getByText('8', { exact: true }).waitFor();
    await shot(page, 'ticket-booked');
    await page.close();
  });

  it('lets the supplier confirm from its order list a distributor\'s order of two tickets for today', async () => {
    const today = chinaDay(0);
    // Today priced by the API (the calendar above priced the days ahead through the page).
    const supplierToken = await apiLogin(ctx.fleet.url, 'supplier', 'supplier123');
    const products = await apiCall(ctx.fleet.url, 'GET', `/api/ticket-app/saas/product/scenicProducts/list?productName=${encodeURIComponent('West Lake boat')}`, supplierToken);
    const productId = products.body.data.results[0].productId;
    const fixed = (fen) => ({ mode: 'fixed', value: fen });
    const priced = await apiCall(ctx.fleet.url, 'POST', '/api/ticket-app/saas/price/ticketPriceStore/save', supplierToken, {
      productId,
      startDate: today,
      endDate: today,
      purchasePrice: fixed(6000),
      distributionPrice: fixed(8000),
      retailPrice: fixed(12000),
      stockType: 'limited',
      stock: 10,
    });
    assert.equal(priced.status, 200, JSON.stringify(priced.body));

    // The distributor books two tickets for today and opens its order from the notice.
    const buyer = await newPage(ctx.browser, 'en-US');
    await login(buyer, ctx.fleet.url, 'distributor', 'distributor123');
    await buyer.goto(`${ctx.fleet.url}/saas-ticket-app/booking/ticketBookings/list`);
    await buyer.fill('[data-testid="booking-visit-date"]', today);
    await buyer.fill('[data-testid="booking-quantity"]', '2');
    await buyer.getByTestId('search-inquire').click();
    const row = buyer.getByTestId('ticket-booking-table').getByRole('row').filter({ hasText: 'West Lake boat, adult' });
    await row.getByRole('button', { name: 'Book' }).click();
    const dialog = buyer.getByTestId('ticket-order-dialog');
    await buyer.fill('[data-testid="field-buyer.name"]', 'Wang Wu');
    await buyer.fill('[data-testid="field-buyer.mobile"]', '13900000000');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const placed = await buyer.getByTestId('booking-placed').innerText();
    const orderId = /Order (\d+) placed/.exec(placed)?.[1];
    assert.ok(orderId, placed);
    todayOrder = orderId;
    await buyer.getByTestId('booking-placed-open').click();
    await buyer.waitForURL(new RegExp(`/saas-ticket-app/order/detail\\?orderId=${orderId}$`));
    const states = buyer.getByTestId('order-states');
    await states.getByText('Unconfirmed').waitFor();
    // Waiting for the supplier, the distributor may only cancel it; it is not shown the supplier's price.
    await buyer.getByTestId('order-action-cancel').waitFor();
    assert.equal(await buyer.getByTestId('order-action-confirm').count(), 0);
    assert.equal(await buyer.getByTestId('order-amounts').getByText('Supplier price').count(), 0);
    await shot(buyer, 'ticket-order-detail-distributor');
    await fitsWidth(buyer);

    // The supplier finds it in its order list and confirms it.
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/ticketSupplier/list`);
    const list = page.getByTestId('ticket-supplier-orders-table');
    const orderRow = list.getByRole('row').filter({ hasText: orderId });
    await orderRow.getByText('Unconfirmed').waitFor();
    await orderRow.getByText('Wang Wu').waitFor();
    await shot(page, 'ticket-supplier-orders');
    await fitsWidth(page);
    await orderRow.getByTestId(`order-${orderId}`).click();
    await page.waitForURL(new RegExp(`/saas-ticket-app/order/detail\\?orderId=${orderId}$`));
    await page.getByTestId('order-buyer').getByText('13900000000').waitFor();
    await page.getByTestId('order-action-confirm').click();
    const confirm = page.getByTestId('order-action-dialog');
    await confirm.getByText('Confirm this order? The tickets are then certain and their vouchers issued.').waitFor();
    await confirm.getByTestId('form-submit').click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('order-states').getByText('Confirmed').first().waitFor();

    await page.close();

    // The distributor's list shows it confirmed.
    await buyer.goto(`${ctx.fleet.url}/saas-ticket-app/order/ticketChannel/list`);
    await buyer.getByTestId('ticket-channel-orders-table').getByRole('row').filter({ hasText: orderId }).getByText('Confirmed').waitFor();
    await shot(buyer, 'ticket-channel-orders');
    await fitsWidth(buyer);
    await buyer.close();
  });

  it('downloads the confirmed order\'s vouchers as a PDF; the gate admits one ticket and refuses its second scan', async () => {
    const orderId = todayOrder;
    assert.ok(orderId, 'the order of the test before');
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/detail?orderId=${orderId}`);
    // Its vouchers: one per ticket, downloaded as a PDF.
    const vouchers = page.getByTestId('order-vouchers');
    await vouchers.getByText('Valid').first().waitFor();
    assert.equal(await vouchers.getByText('Valid').count(), 2);
    await vouchers.locator('img').first().waitFor();
    await vouchers.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-order-detail');
    await fitsWidth(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('voucher-pdf').click()]);
    assert.equal(download.suggestedFilename(), `vouchers-${orderId}.pdf`);
    const pdf = readFileSync(await download.path());
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pdf.length > 1000, `the PDF has ${pdf.length} bytes`);
    const code = (await vouchers.getByRole('row').nth(1).locator('td').nth(1).innerText()).trim();
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);

    // The gate: the first ticket is admitted, its second scan refused with when and by whom.
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/scenic/ticketVoucher/redeem`);
    await page.getByTestId('gate-waiting').waitFor();
    await page.fill('[data-testid="gate-name"]', 'North gate');
    await page.fill('[data-testid="gate-code"]', code.toLowerCase());
    await page.press('[data-testid="gate-code"]', 'Enter');
    const verdict = page.getByTestId('gate-verdict');
    await verdict.getByTestId('gate-verdict-word').getByText('ADMITTED').waitFor();
    assert.equal(await verdict.getAttribute('data-admitted'), 'yes');
    await verdict.getByText('1 person').waitFor();
    await shot(page, 'ticket-gate-admitted');
    await fitsWidth(page);
    await page.fill('[data-testid="gate-code"]', code);
    await page.press('[data-testid="gate-code"]', 'Enter');
    await verdict.getByTestId('gate-verdict-word').getByText('REFUSED').waitFor();
    assert.equal(await verdict.getAttribute('data-admitted'), 'no');
    await verdict.getByTestId('gate-reason').getByText('Already used').waitFor();
    await verdict.getByTestId('gate-used').getByText(/by Supplier \d+ at North gate$/).waitFor();
    await shot(page, 'ticket-gate-refused');
    await fitsWidth(page);

    // Back on the order: one voucher used, the other still valid.
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/detail?orderId=${orderId}`);
    await vouchers.getByText('Used', { exact: true }).waitFor();
    assert.equal(await vouchers.getByText('Valid', { exact: true }).count(), 1);
    await vouchers.getByText(/by Supplier \d+ at North gate$/).waitFor();
    await vouchers.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-order-vouchers-used');
    await fitsWidth(page);
    await page.close();
  });

  it("shows the operator's staff the tenant's ticket orders with their log, but neither merchant's list", async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/ticketSys/list`);
    const table = page.getByTestId('ticket-orders-table');
    await table.getByText('Wang Wu').waitFor();
    await table.getByText('Li Si').waitFor();
    // The sidebar's order group is open on one of its pages: the tenant's list only (mscType 300).
    await page.getByTestId('menu-/saas-ticket-app/order/ticketSys/list').waitFor();
    assert.equal(await page.getByTestId('menu-/saas-ticket-app/order/ticketSupplier/list').count(), 0);
    assert.equal(await page.getByTestId('menu-/saas-ticket-app/order/ticketChannel/list').count(), 0);
    await shot(page, 'ticket-sys-orders');
    await fitsWidth(page);
    await table.getByRole('row').filter({ hasText: 'Wang Wu' }).getByTestId(/^order-\d+$/).click();
    const logs = page.getByTestId('order-logs');
    await logs.getByText('Placed').waitFor();
    await logs.getByText('Confirmed').first().waitFor();
    await logs.getByText('Supplier', { exact: true }).first().waitFor();
    // The ticket admitted at the gate is logged on the order.
    await logs.getByText('Admitted at the gate').waitFor();
    await logs.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-order-log');
    await fitsWidth(page);
    await page.close();
  });

  it("opens the order report for the operator with the booked product's row, and the operator adjusts an order's price", async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/ticketSys/list`);
    // The report is in the sidebar's order group, beside the order lists.
    await page.getByTestId('menu-/saas-ticket-app/order/ticketOrderReport/listProductSummary').click();
    await page.waitForURL(/\/saas-ticket-app\/order\/ticketOrderReport\/listProductSummary$/);
    const table = page.getByTestId('ticket-report-table');
    const row = table.getByRole('row').filter({ hasText: 'West Lake boat, adult' });
    await row.waitFor();
    // The row says what ticket-app answers the tenant's staff for this month (the page's default
    // period), asked as the tenant's administrator: logging the operator in again would end the
    // page's session.
    const token = await apiLogin(ctx.fleet.url, 'demo', 'demo123');
    const today = chinaDay(0);
    const report = await apiCall(ctx.fleet.url, 'GET', `/api/ticket-app/saas/order/ticketOrderReport/listProductSummary?startDate=${today.slice(0, 8)}01&endDate=${today}`, token);
    assert.equal(report.status, 200, JSON.stringify(report.body));
    const boat = report.body.data.find((r) => r.productName === 'West Lake boat, adult');
    assert.ok(boat && boat.ticketNum >= 2, JSON.stringify(report.body.data));
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.deepEqual(cells.slice(1, 5), [boat.scenicName, String(boat.orderNum), String(boat.ticketNum), (boat.orderPrice / 100).toFixed(2)]);
    await table.getByText('Total').waitFor();
    await shot(page, 'ticket-report');
    await fitsWidth(page);

    // The confirmed order of two tickets for today: 160.00 agreed down to 150.00 by phone.
    await page.goto(`${ctx.fleet.url}/saas-ticket-app/order/detail?orderId=${todayOrder}`);
    await page.getByTestId('order-action-adjust').click();
    const dialog = page.getByTestId('order-adjust-dialog');
    await dialog.getByText('Now 160.00').waitFor();
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter an amount to adjust').waitFor();
    await dialog.getByText('Please enter the reason').waitFor();
    await page.fill('[data-testid="field-orderPrice"]', '150');
    await page.fill('[data-testid="field-remark"]', 'Agreed by phone');
    await shot(page, 'ticket-order-adjust');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('order-logs').getByText('Agreed by phone', { exact: false }).first().waitFor();
    const order = await apiCall(ctx.fleet.url, 'GET', `/api/ticket-app/saas/order/ticketSys/load?orderId=${todayOrder}`, token);
    assert.equal(order.body.data.orderPrice, 15000);
    assert.equal(order.body.data.supplierPrice, 12000);
    await page.getByText('150.00').first().waitFor();
    await page.close();

    // The distributor sees no adjustment on its order.
    const buyer = await newPage(ctx.browser, 'en-US');
    await login(buyer, ctx.fleet.url, 'distributor', 'distributor123');
    await buyer.goto(`${ctx.fleet.url}/saas-ticket-app/order/detail?orderId=${todayOrder}`);
    await buyer.getByText('150.00').first().waitFor();
    assert.equal(await buyer.getByTestId('order-action-adjust').count(), 0);
    await buyer.close();
  });
});
