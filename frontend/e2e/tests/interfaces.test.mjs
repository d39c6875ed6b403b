// Interfaces in a real browser against the real fleet: the demo admin adds a Meituan channel
// configuration for the demo distributor (credentials typed as passwords, never shown again),
// enables it, and the hotel application's channel menu shows Meituan with its icon, opening the
// interface's page by merchant; disabling it takes the entry out of the menu. The demo's own
// configuration (Meituan tickets) stays the ticket application's. Every interface menu of hotel
// and ticket opens first the system interface: the interface services on sale (the seeded
// "Hotel supplier interface, 1 year"), configured or not, in English and Chinese.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

async function fits(page, table) {
  const f = await page.getByTestId(table).evaluate((t) => {
    const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  assert.ok(f.scroll <= f.client, `${table}: ${JSON.stringify(f)}`);
}

const SECRET = 'mt-e2e-s3cr3t-771';

describe('interface configuration', () => {
  it('adds a channel, which the hotel menu shows once enabled and hides once disabled', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    const entry = page.getByTestId('sidebar').getByRole('button', { name: /Meituan/ });

    // Nothing configured: the hotel application's channel interface menu holds only the system
    // interface, which lists the interface services on sale.
    await page.goto(`${ctx.fleet.url}/hotel/home`);
    await page.getByTestId('menu-/saas-hotel-app/channelInterface').click();
    await page.getByTestId('menu-/saas-hotel-app/channelInterface/boss/service/list').click();
    await systemInterface(page, 'System interface', 'Hotel supplier interface');
    assert.equal(await entry.count(), 0);
    await shot(page, 'hotel-system-interface');

    await page.goto(`${ctx.fleet.url}/saas-app/saasInterface/interfaceConfig/list`);
    await page.getByTestId('base-interfaces-table').waitFor();
    await page.getByTestId('interface-add').click();
    const dialog = page.getByTestId('interface-dialog');
    await dialog.getByRole('combobox', { name: /Interface/ }).click();
    await page.getByRole('option', { name: 'Meituan (Hotel · Channel)', exact: true }).click();
    await dialog.getByRole('combobox', { name: /Distributor/ }).click();
    await page.getByRole('option', { name: 'Demo Distributor' }).click();
    await dialog.getByTestId('field-configName').fill('Meituan hotels');
    await dialog.getByTestId('field-baseUrl').fill('channel.example.com');
    await dialog.getByTestId('field-credentials.partnerId').fill('P-88');
    await dialog.getByTestId('field-credentials.appKey').fill('mt-key');
    // A missing credential and a bad address are said under their fields.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Enter an address starting with http:// or https://').waitFor();
    await dialog.getByText('Please enter App secret').waitFor();
    await shot(page, 'base-interface-dialog');
    await dialog.getByTestId('field-baseUrl').fill('https://channel.example.com/meituan');
    await dialog.getByTestId('field-credentials.appSecret').fill(SECRET);
    assert.equal(await dialog.getByTestId('field-credentials.appSecret').getAttribute('type'), 'password');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const r = row(page, 'base-interfaces-table', 'Meituan hotels');
    await r.getByText('Disabled').waitFor();
    await r.getByText('appKey, appSecret, partnerId').waitFor();
    assert.equal(await page.getByText(SECRET).count(), 0);
    await shot(page, 'base-interfaces-added');
    await fits(page, 'base-interfaces-table');

    // Enabled: the hotel application's channel menu lists it, with Meituan's icon.
    await r.getByRole('button', { name: 'Enable' }).click();
    await page.getByTestId('confirm-yes').click();
    await r.getByText('Enabled').waitFor();
    await shot(page, 'base-interfaces');
    await page.goto(`${ctx.fleet.url}/hotel/home`);
    await page.getByTestId('menu-/saas-hotel-app/channelInterface').click();
    await entry.waitFor();
    assert.equal(await entry.locator('[data-icon]').getAttribute('data-icon'), 'meituan');
    await entry.click();
    await page.getByTestId('interface-page').getByText('Demo Distributor').waitFor();
    await page.getByTestId('interface-page').getByText('Meituan hotels').waitFor();
    await page.getByTestId('interface-page').getByText('https://channel.example.com/meituan').waitFor();
    assert.equal(await page.getByText(SECRET).count(), 0);
    await shot(page, 'hotel-channel-interface');
    // The ticket application's Meituan entry is the demo's ticket configuration only: this one
    // is a hotel one.
    await page.goto(`${ctx.fleet.url}/ticket/home`);
    await page.getByTestId('menu-/saas-ticket-app/channelInterface').click();
    await entry.click();
    await page.getByTestId('interface-page').getByText('美团门票 Meituan tickets').waitFor();
    assert.equal(await page.getByTestId('interface-page').getByText('Meituan hotels').count(), 0);
    // The ticket application's vendor interface menu opens the system interface too.
    await page.getByTestId('menu-/saas-ticket-app/vendorInterface').click();
    await page.getByTestId('menu-/saas-ticket-app/vendorInterface/boss/service/list').click();
    await systemInterface(page, 'System interface', 'Hotel supplier interface');
    await shot(page, 'ticket-system-interface');

    // Disabled: gone from the hotel menu.
    await page.goto(`${ctx.fleet.url}/saas-app/saasInterface/interfaceConfig/list`);
    await row(page, 'base-interfaces-table', 'Meituan hotels').getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('confirm-yes').click();
    await row(page, 'base-interfaces-table', 'Meituan hotels').getByText('Disabled').waitFor();
    await page.goto(`${ctx.fleet.url}/hotel/home`);
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('menu-/saas-hotel-app/channelInterface').click();
    await page.getByTestId('menu-/saas-hotel-app/channelInterface/boss/service/list').waitFor();
    assert.equal(await entry.count(), 0);
    await page.close();
  });

  it('opens the system interface in Chinese from the ticket channel menu', async () => {
    const page = await newPage(ctx.browser, 'zh-CN');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/ticket/home`);
    await page.getByTestId('menu-/saas-ticket-app/channelInterface').click();
    await page.getByTestId('menu-/saas-ticket-app/channelInterface/boss/service/list').click();
    await systemInterface(page, '系统接口', '酒店供应商接口');
    await shot(page, 'ticket-system-interface-zh');
    await page.close();
  });
});

/** The system interface page: its title and class, the seeded interface service with its price, to buy, fitting the page. */
async function systemInterface(page, title, className) {
  const view = page.getByTestId('service-class-page');
  await view.getByRole('heading', { name: title }).waitFor();
  assert.ok((await view.getByTestId('service-class').innerText()).includes(className));
  const r = row(page, 'services-table', 'Hotel supplier interface, 1 year');
  await r.waitFor();
  await r.getByText('3000.00').waitFor();
  await r.getByTestId('service-buy-3').waitFor();
  assert.equal(await page.getByTestId('services-table').getByRole('row').count(), 2);
  await fits(page, 'services-table');
}
