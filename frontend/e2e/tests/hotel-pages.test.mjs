// The hotel pages in a real browser against the real fleet: the demo supplier sets prices on a
// range of days in its product's calendar and sees them in the grid; the demo distributor
// searches, opens the demo hotel, books a room through the order form and lands on the order;
// the report then shows the order's product. Distributors and zones are picked from the tenant's
// lists, never typed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, choose, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();
/** The order the distributor books, which the supplier then works on. */
let bookedOrderId;


describe('hotel pages', () => {
  it('lets the supplier set a price and stock on a range of days and shows them in the calendar', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/product/list`);
    const link = page.locator('[data-testid^=product-prices-]').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/saas-hotel-app\/product\/priceStore\?productId=\d+/);
    // The demo products are priced for 90 nights: tomorrow shows the demo price.
    const tomorrow = day(1);
    if (tomorrow.slice(0, 7) !== (await page.getByTestId('prices-month').innerText())) await page.getByTestId('prices-next').click();
    await page.getByTestId(`price-day-${tomorrow}`).getByTestId('price-distribution').waitFor();

    const [start, end] = [day(3), day(5)];
    await page.getByTestId('prices-set').click();
    const dialog = page.getByTestId('price-dialog');
    // Nothing goes without dates.
    await choose(page, page, 'Distribution price', 'Fixed');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('A date must be chosen before changing a price').waitFor();
    await dialog.getByText('This option can not be empty!').waitFor();
    await page.fill('[data-testid="field-startDate"]', start);
    await page.fill('[data-testid="field-endDate"]', end);
    await page.fill('[data-testid="field-distributionPrice"]', '777.5');
    await dialog.getByText('This option can not be empty!').waitFor({ state: 'detached' });
    await choose(page, page, 'Stock', 'Limited');
    await page.fill('[data-testid="field-stock"]', '15');
    await dialog.getByText('3 dates chosen').waitFor();
    await shot(page, 'hotel-price-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    const month = await page.getByTestId('prices-month').innerText();
    if (start.slice(0, 7) !== month) await page.getByTestId('prices-next').click();
    for (const d of [start, day(4), end]) {
      const cell = page.getByTestId(`price-day-${d}`);
      // The grid shows a month: a date of the next one is checked there.
      if (d.slice(0, 7) !== (await page.getByTestId('prices-month').innerText())) await page.getByTestId('prices-next').click();
      await cell.getByText('¥777.50').waitFor();
      await cell.getByText(/Stock 15/).waitFor();
    }
    await shot(page, 'hotel-price-calendar');

    // Demo Distributor (2002) gets its own price and rooms set aside on the first of those days,
    // listed below the grid for the month shown. The supplier picks it from the tenant's
    // distributors (saas-main's list, which a supplier may read).
    if (start.slice(0, 7) !== (await page.getByTestId('prices-month').innerText())) await page.getByTestId('prices-prev').click();
    await page.getByTestId('own-set').click();
    const own = page.getByTestId('own-price-dialog');
    await own.getByRole('combobox', { name: 'Distributor', exact: true }).click();
    await page.getByRole('option', { name: 'Demo Distributor', exact: true }).waitFor();
    await shot(page, 'hotel-distributor-select');
    await page.getByRole('option', { name: 'Demo Distributor', exact: true }).click();
    await page.fill('[data-testid="field-startDate"]', start);
    await page.fill('[data-testid="field-endDate"]', start);
    await choose(page, page, 'Distribution price', 'Subtract');
    await page.fill('[data-testid="field-distributionPrice"]', '10');
    await choose(page, page, 'Authorised stock', 'Set aside rooms');
    await page.fill('[data-testid="field-authorizedStock"]', '3');
    await own.getByTestId('form-submit').click();
    await own.waitFor({ state: 'hidden' });
    const ownRow = page.getByTestId('own-prices-table').getByRole('row').filter({ hasText: start });
    await ownRow.getByText('767.50').first().waitFor();
    assert.match(await ownRow.innerText(), /Demo Distributor \(2002\)/);
    await ownRow.scrollIntoViewIfNeeded();
    await shot(page, 'hotel-distributor-prices');
    // The list below the grid is narrowed to a distributor picked the same way.
    await choose(page, page, 'Distributor', 'Demo Distributor');
    await page.getByTestId('own-inquire').click();
    await ownRow.getByText('767.50').first().waitFor();
    await page.close();
  });

  it('lets the distributor search, open the demo hotel, book a room and land on the order; the report shows it', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'distributor', 'distributor123');
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/booking/hotelBookings/list`);
    await page.fill('[data-testid="booking-checkin"]', day(1));
    await page.fill('[data-testid="booking-checkout"]', day(2));
    await page.getByTestId('search-inquire').click();
    const hotel = page.getByTestId('hotel-booking-table').getByRole('link', { name: 'Demo Seaside Hotel' });
    await hotel.waitFor();
    await shot(page, 'hotel-booking-search');
    await hotel.click();
    await page.waitForURL(/\/saas-hotel-app\/booking\/hotelDetail\?hotelId=\d+/);
    const row = page.getByTestId('booking-products-table').getByRole('row').filter({ hasText: 'Sea-view King, breakfast for two' });
    await row.getByRole('button', { name: 'Book' }).waitFor();
    await shot(page, 'hotel-booking-hotel');
    await row.getByRole('button', { name: 'Book' }).click();

    const dialog = page.getByTestId('order-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Contact name').waitFor();
    await page.fill('[data-testid="field-contactName"]', 'Zhang San');
    await page.fill('[data-testid="field-contactPhone"]', '12345');
    await page.fill('[data-testid="field-guests[0].name"]', 'Li Si');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Wrong phone format!').waitFor();
    await page.fill('[data-testid="field-contactPhone"]', '13800000000');
    await shot(page, 'hotel-order-form');
    await dialog.getByTestId('form-submit').click();

    await page.waitForURL(/\/saas-hotel-app\/order\/detail\?orderId=\d+/);
    const orderId = new URL(page.url()).searchParams.get('orderId');
    bookedOrderId = orderId;
    await page.getByTestId('hotel-order-detail').getByText(`Order ${orderId}`).waitFor();
    await page.getByTestId('hotel-order-detail').getByText('Li Si').waitFor();
    await shot(page, 'hotel-booked-order');

    await page.goto(`${ctx.fleet.url}/saas-hotel-app/order/hotelOrderReport/listProductSummary`);
    const reported = page.getByTestId('hotel-report-table').getByRole('row').filter({ hasText: 'Sea-view King, breakfast for two' });
    await reported.waitFor();
    assert.match(await reported.innerText(), /Demo Seaside Hotel/);
    await shot(page, 'hotel-report');
    await page.close();
  });

  it('lets the supplier mark the booked order arranged from its detail, after a question', async () => {
    assert.ok(bookedOrderId, 'the booking test placed an order');
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'supplier', 'supplier123');
    // It finds the order in its list, opened on it as a notice's link opens it, and goes on to it.
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/order/supplier/list?orderId=${bookedOrderId}`);
    const list = page.getByTestId('hotel-supplier-orders-table');
    await list.getByRole('row').filter({ hasText: 'Zhang San' }).getByText('Confirmed').waitFor();
    assert.equal(await page.getByTestId('orders-order-id').inputValue(), bookedOrderId);
    await shot(page, 'hotel-supplier-orders');
    await list.getByTestId(`order-${bookedOrderId}`).click();
    await page.waitForURL(new RegExp(`/saas-hotel-app/order/detail\\?orderId=${bookedOrderId}$`));
    const states = page.getByTestId('order-states');
    await states.getByText('Confirmed').first().waitFor();
    // An instant-confirm order is confirmed: it can be arranged or completed, not confirmed again.
    assert.equal(await page.getByTestId('order-action-confirm').count(), 0);
    await page.getByTestId('order-action-arrange').click();
    const dialog = page.getByTestId('order-action-dialog');
    await dialog.getByText('Mark the rooms of this order arranged at the hotel?').waitFor();
    await page.fill('[data-testid="field-remark"]', 'Sea view on the 8th floor');
    await shot(page, 'hotel-order-action');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await states.getByText('Arranged').first().waitFor();
    await page.getByTestId('order-logs').getByText('Sea view on the 8th floor').waitFor();
    assert.equal(await page.getByTestId('order-action-arrange').count(), 0);
    await shot(page, 'hotel-order-arranged');

    // The product form opens on the supplier's product with its fields loaded.
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/product/list`);
    // Its form is in the row's menu.
    await page.locator('[data-testid^=product-actions-]').first().click();
    await page.locator('[data-testid^=product-edit-]').first().click();
    const form = page.getByTestId('product-dialog');
    await form.waitFor();
    assert.match(await page.locator('[data-testid="field-productName"]').inputValue(), /Sea-view|Garden/);
    // The room select shows the product's room once the hotel's rooms are in.
    await form.getByText(/^(Sea-view King|Garden Twin)$/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'hotel-product-form');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
    await shot(page, 'hotel-product-list');
    await page.close();
  });

  it("lets a supplier request a new hotel in a zone picked from the tree, which the operator approves into the hotel list", async () => {
    // The operator's zones: a city under a province, shown by its path.
    const operatorToken = await apiLogin(ctx.fleet.url, 'operator', 'operator123');
    const province = await apiCall(ctx.fleet.url, 'POST', '/api/hotel-app/saas/hotel/zones/save', operatorToken, { name: 'Hainan', parentId: 0 });
    assert.equal(province.status, 200, JSON.stringify(province.body));
    const city = await apiCall(ctx.fleet.url, 'POST', '/api/hotel-app/saas/hotel/zones/save', operatorToken, { name: 'Sanya', parentId: province.body.data.id });
    assert.equal(city.status, 200, JSON.stringify(city.body));

    const supplier = await newPage(ctx.browser, 'en-US');
    await login(supplier, ctx.fleet.url, 'supplier', 'supplier123');
    await supplier.goto(`${ctx.fleet.url}/saas-hotel-app/hotel/list`);
    await supplier.getByTestId('hotel-add').click();
    const dialog = supplier.getByTestId('hotel-dialog');
    await dialog.getByText('Request a new hotel').waitFor();
    await supplier.fill('[data-testid="field-phone"]', '12');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Hotel name').waitFor();
    await dialog.getByText('Wrong phone format!').waitFor();
    await supplier.fill('[data-testid="field-name"]', 'Harbour Inn');
    await supplier.fill('[data-testid="field-phone"]', '0898-66668888');
    await supplier.fill('[data-testid="field-address"]', '2 Pier Road, Sanya');
    await dialog.getByRole('combobox', { name: 'Zone', exact: true }).click();
    await supplier.getByRole('option', { name: 'Hainan', exact: true }).waitFor();
    await shot(supplier, 'hotel-zone-select');
    await supplier.getByRole('option', { name: 'Hainan / Sanya', exact: true }).click();
    // Past the menu's fade-out.
    await supplier.waitForTimeout(400);
    await shot(supplier, 'hotel-request-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await supplier.close();

    const operator = await newPage(ctx.browser, 'en-US');
    await login(operator, ctx.fleet.url, 'operator', 'operator123');
    await operator.goto(`${ctx.fleet.url}/saas-hotel-app/hotel/hotelRequests/list`);
    const row = operator.getByTestId('hotel-requests-table').getByRole('row').filter({ hasText: 'Harbour Inn' });
    await row.getByText('Pending').waitFor();
    await shot(operator, 'hotel-requests');
    await row.getByRole('button', { name: 'Approve' }).click();
    const decision = operator.getByTestId('request-decision');
    await decision.getByText('Approve this request? The hotel is created or changed as asked.').waitFor();
    await decision.getByTestId('form-submit').click();
    await decision.waitFor({ state: 'hidden' });
    await row.getByText('Approved').waitFor();
    await operator.goto(`${ctx.fleet.url}/saas-hotel-app/hotel/list`);
    const approved = operator.getByTestId('hotel-hotels-table').getByRole('row').filter({ hasText: 'Harbour Inn' });
    await approved.waitFor();
    // The hotel is in the zone picked.
    assert.match(await approved.innerText(), /Sanya/);
    await operator.close();
  });
});
