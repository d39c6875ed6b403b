// The ticket channel pages in a real browser against the real fleet and the channel simulator:
// the demo's meituan ticket configuration is pointed at a channel-sim started here (its demo
// account holds two spots and three products); the demo tenant's administrator opens the
// channel's pages from the Meituan entry of the Channel interfaces menu, pulls the catalogue,
// sees the spots and products, maps the demo's West Lake adult ticket to deal-1001 (the same
// channel product for another of ours is refused under the field), has the simulator place an
// order at the price pushed to it (through the fleet's gateway, signed), finds it in the order list
// by its channel order number and opens it, and reads the calls in the interface log with their
// answers, the channel's order among them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { apiCall, apiLogin, choose, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * channel-sim with its demo account, on a free port, the account's orders posted to ticket-app
 * through `gateway`; resolves to its URL and a stop().
 */
async function startChannelSim(gateway) {
  const target = process.env.CARGO_TARGET_DIR || join(process.env.HOME, '.cache', 'tradewind', 'target');
  const port = await freePort();
  const child = spawn(join(target, 'debug', 'channel-sim'), [], {
    env: { ...process.env, CHANNEL_SIM__ADDR: `127.0.0.1:${port}`, CHANNEL_SIM__DEMO: 'true', CHANNEL_SIM__DEMO_GATEWAY: gateway },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let demo = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('the demo account')) {
        if (!line.includes(`its orders go to ${gateway}/api/ticket-app/openapi/channel/`)) reject(new Error(`channel-sim posts its orders elsewhere: ${line}`));
        demo = true;
      }
      if (line.includes('the generic channel protocol at')) (demo ? resolve : reject)(new Error(`channel-sim has no demo account: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`channel-sim exited (${code}) before it listened`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

let sim = null;

const rowOf = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

/** Closes the toasts in view (an order's notifications stay until closed), for a clear screenshot. */
async function closeToasts(page) {
  for (let i = 0; i < 20; i++) {
    const open = page.locator('[data-testid="order-notification"], [data-testid="toast"]');
    if ((await open.count()) === 0) return;
    await open.first().getByRole('button', { name: /^(Close|关闭)$/ }).click();
  }
}

/** Calls the simulator's controls; resolves to the JSON answered. */
async function simCall(method, path, body) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${path}: ${res.status}`);
  return res.json();
}

/** The first day the channel may sell `product` on, as pushed to the simulator (waited for: pushes are sent in the background). */
async function sellableDay(product) {
  for (let i = 0; i < 60; i++) {
    const { calendars } = await simCall('GET', '/sim/calendars?channel=meituan&account=demo-meituan');
    const days = calendars.find((c) => c.product === product)?.days ?? [];
    const open = days.find((d) => !d.closed && d.price > 0 && (d.stock === null || d.stock === undefined || d.stock > 0));
    if (open) return open;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no day of ${product} was pushed to the channel`);
}

describe('ticket channels', () => {
  // The suite's own, after the file's (useFleet): the fleet's gateway is known.
  before(async () => {
    sim = await startChannelSim(ctx.fleet.url);
  });
  after(async () => {
    await sim?.stop();
  });

  it("pulls the demo meituan catalogue, maps the West Lake adult ticket and shows the calls in the interface log", async () => {
    const base = ctx.fleet.url;
    const token = await apiLogin(base, 'demo', 'demo123');
    // The demo's enabled meituan ticket configuration, pointed at this test's simulator.
    const listed = await apiCall(base, 'GET', '/api/saas-main/saas/saasInterface/interfaceConfig/listForSelect?productType=20&type=2', token);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const config = listed.body.data.find((c) => c.interfaceName === 'meituan');
    assert.ok(config, `no meituan ticket configuration in the demo: ${JSON.stringify(listed.body.data)}`);
    const updated = await apiCall(base, 'PUT', '/api/saas-main/saas/saasInterface/interfaceConfig/update', token, {
      id: config.id,
      interfaceId: config.interfaceId,
      mchId: config.mchId,
      configName: config.configName,
      baseUrl: `${sim.url}/meituan`,
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));

    const page = await newPage(ctx.browser, 'en-US');
    await login(page, base, 'demo', 'demo123');
    // The Meituan entry of the ticket application's channel menu, its configuration's links.
    await page.goto(`${base}/ticket/home`);
    await page.getByTestId('menu-/saas-ticket-app/channelInterface').click();
    await page.getByTestId('sidebar').getByRole('button', { name: /Meituan/ }).click();
    const iface = page.getByTestId('interface-page');
    await iface.getByText(config.configName).waitFor();
    await iface.getByText(`${sim.url}/meituan`).waitFor();
    await shot(page, 'ticket-channel-interface');
    await iface.getByTestId(`interface-scenics-${config.id}`).click();
    await page.waitForURL(`${base}/saas-ticket-app/channel/meituan/listScenic?configId=${config.id}`);
    // On the demo configuration, shown with its distributor; nothing pulled yet.
    await page.getByRole('combobox', { name: 'Configuration' }).getByText(`${config.configName} · Demo Distributor`).waitFor();
    await page.getByTestId('channel-scenics-table-empty').getByText('pull it first').waitFor();
    await shot(page, 'ticket-channel-scenics-empty');

    // Pull the catalogue; ticket-app's copy of the configuration takes the new address from
    // saas-main's event, so a pull right after the change may still go to the old one.
    const result = page.getByTestId('channel-sync-result');
    let said = '';
    for (let i = 0; i < 20; i++) {
      await page.getByTestId('channel-sync').click();
      await result.waitFor();
      await page.getByTestId('channel-sync').getByText('Pull catalogue').waitFor();
      said = await result.innerText();
      if (said.startsWith('Catalogue pulled')) break;
      await page.waitForTimeout(500);
    }
    assert.equal(said, 'Catalogue pulled: 2 scenic spots, 3 products.');
    await rowOf(page, 'channel-scenics-table', 'poi-1001').getByText('西湖风景区').waitFor();
    await rowOf(page, 'channel-scenics-table', 'poi-1002').getByText('千岛湖风景区').waitFor();
    await shot(page, 'ticket-channel-scenics');

    // The channel's products, by spot.
    await page.getByTestId('channel-page-products').click();
    await page.waitForURL(/\/channel\/meituan\/listProduct\?configId=/);
    for (const id of ['deal-1001', 'deal-1002', 'deal-1003']) await rowOf(page, 'channel-products-table', id).waitFor();
    await choose(page, page, 'Channel spot', '千岛湖风景区 (poi-1002)');
    await page.getByTestId('search-inquire').click();
    await rowOf(page, 'channel-products-table', 'deal-1001').waitFor({ state: 'detached' });
    await rowOf(page, 'channel-products-table', 'deal-1003').getByText('千岛湖成人票').waitFor();
    await shot(page, 'ticket-channel-products');

    // Our products: the West Lake adult ticket sold as deal-1001.
    await page.getByTestId('channel-page-sysProducts').click();
    await page.waitForURL(/\/channel\/meituan\/listSysProduct\?configId=/);
    await page.getByTestId('channel-sys-name').fill('成人票');
    await page.getByTestId('search-inquire').click();
    const westLake = rowOf(page, 'channel-sys-products-table', '西湖').filter({ hasText: '成人票' });
    await westLake.waitFor();
    const productId = (await westLake.getByRole('cell').first().innerText()).trim();
    await page.getByTestId(`channel-map-${productId}`).click();
    const dialog = page.getByTestId('channel-map-dialog');
    await dialog.getByTestId('field-channelProductId').fill('成人');
    await page.getByRole('option', { name: /千岛湖成人票 \(deal-1003\)/ }).waitFor();
    await shot(page, 'ticket-channel-map-dialog');
    await page.getByRole('option', { name: /西湖成人票 \(deal-1001\)/ }).click();
    assert.equal(await dialog.getByTestId('field-channelProductId').inputValue(), '西湖成人票 (deal-1001)');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId(`channel-sys-mapped-${productId}`).getByText('西湖成人票 (deal-1001)').waitFor();
    // Past the dialog's fade-out.
    await page.waitForTimeout(400);
    await shot(page, 'ticket-channel-sys-products');

    // The same channel product for another of ours: the service's 412 under the box.
    const qiandao = rowOf(page, 'channel-sys-products-table', '千岛湖').filter({ hasText: '成人票' });
    const otherId = (await qiandao.getByRole('cell').first().innerText()).trim();
    await page.getByTestId(`channel-map-${otherId}`).click();
    await dialog.getByTestId('field-channelProductId').fill('西湖成人');
    await page.getByRole('option', { name: /西湖成人票 \(deal-1001\)/ }).click();
    await dialog.getByTestId('form-submit').click();
    const under = dialog.locator('.MuiFormHelperText-root.Mui-error');
    await under.waitFor();
    assert.notEqual((await under.innerText()).trim(), '');
    await shot(page, 'ticket-channel-map-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The channel's product shows what it sells.
    await page.getByTestId('channel-page-products').click();
    await page.getByTestId('channel-product-mapped-deal-1001').waitFor();

    // The channel sells it at the price pushed to it: its order reaches ticket-app through the
    // gateway, signed, and becomes the demo distributor's order.
    const sellable = await sellableDay('deal-1001');
    const placed = await simCall('POST', '/sim/orders', {
      channel: 'meituan',
      account: 'demo-meituan',
      orderId: 'E2E-CH-1',
      product: 'deal-1001',
      date: sellable.date,
      quantity: 1,
      price: sellable.price,
      contactName: 'Han Meimei',
      contactMobile: '13800000042',
    });
    assert.equal(placed.status, 200, JSON.stringify(placed));
    assert.equal(placed.answer.code, 0, JSON.stringify(placed));
    // Read as the demo's operator: another login of the demo administrator would end the browser's session.
    const operator = await apiLogin(base, 'operator', 'operator123');
    const found = await apiCall(base, 'GET', '/api/ticket-app/saas/order/ticketSys/list?channelOrderId=E2E-CH-1', operator);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.equal(found.body.data.results.length, 1, JSON.stringify(found.body));
    const orderId = found.body.data.results[0].orderId;
    const yuan = (sellable.price / 100).toFixed(2);

    // The staff's order list, by the channel order number: the order with where it came from.
    await page.getByTestId('menu-/saas-ticket-app/order').click();
    await page.getByTestId('menu-/saas-ticket-app/order/ticketSys/list').click();
    await page.waitForURL(`${base}/saas-ticket-app/order/ticketSys/list`);
    await page.getByTestId(`order-${orderId}`).waitFor();
    await page.getByTestId('orders-channel-order-id').fill('E2E-CH-1');
    await page.getByTestId('search-inquire').click();
    const orders = page.getByTestId('ticket-orders-table');
    // Only that order (the heading's row and its).
    await orders.getByRole('row').nth(2).waitFor({ state: 'detached' });
    await orders.getByTestId(`order-channel-${orderId}`).getByText('E2E-CH-1').waitFor();
    const orderRow = orders.getByRole('row').filter({ has: page.getByTestId(`order-${orderId}`) });
    await orderRow.getByText(new RegExp(`· ${config.configName}$`)).waitFor();
    await orderRow.getByText(`Channel price ${yuan}`).waitFor();
    await closeToasts(page);
    await shot(page, 'ticket-channel-order-list');

    // Its detail: the configuration, the channel's order number and price.
    await orders.getByTestId(`order-${orderId}`).click();
    await page.waitForURL(`${base}/saas-ticket-app/order/detail?orderId=${orderId}`);
    const booking = page.getByTestId('order-booking');
    await booking.getByText('E2E-CH-1', { exact: true }).waitFor();
    await booking.getByText(new RegExp(`· ${config.configName}$`)).waitFor();
    await page.getByTestId('order-amounts').getByText(yuan).first().waitFor();
    await page.getByTestId('order-buyer').getByText('Han Meimei').waitFor();
    await closeToasts(page);
    await shot(page, 'ticket-channel-order-detail');
    const amounts = page.getByTestId('order-amounts');
    await amounts.getByText('Channel price').waitFor();
    await amounts.scrollIntoViewIfNeeded();
    await closeToasts(page);
    await shot(page, 'ticket-channel-order-amounts');

    // The interface log, from the Logs menu: the pulls, successful, their answers readable.
    await page.getByTestId('menu-/saas-ticket-app/log').click();
    await page.getByTestId('menu-/saas-ticket-app/log/interfaceLog/list').click();
    await page.waitForURL(`${base}/saas-ticket-app/log/interfaceLog/list`);
    const logs = page.getByTestId('interface-logs-table');
    await logs.getByText('Products pulled').first().waitFor();
    await logs.getByText('Scenic spots pulled').first().waitFor();
    await choose(page, page, 'Action', 'Products pulled');
    await choose(page, page, 'Outcome', 'Success');
    await page.getByTestId('search-inquire').click();
    await logs.getByText('Scenic spots pulled').first().waitFor({ state: 'detached' });
    const pulledRow = logs.getByRole('row').filter({ hasText: 'Products pulled' }).filter({ hasText: `${sim.url}/meituan/v1/products` }).first();
    await pulledRow.getByText('Success').waitFor();
    await shot(page, 'ticket-interface-logs');
    await pulledRow.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByTestId('interface-log-detail');
    const answer = await detail.getByTestId('interface-log-answer').innerText();
    assert.match(answer, /deal-1001/);
    // Pretty-printed: one field a line.
    assert.ok(answer.split('\n').length > 5, answer);
    assert.doesNotMatch(answer, /demo-meituan-secret/);
    // Past the dialog's fade-in.
    await page.waitForTimeout(400);
    await shot(page, 'ticket-interface-log-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // The channel's order among the calls, at the address it called through the gateway.
    await choose(page, page, 'Action', 'Channel order');
    await page.getByTestId('search-inquire').click();
    const orderCall = logs.getByRole('row').filter({ hasText: 'Channel order' }).filter({ hasText: `/api/ticket-app/openapi/channel/${config.id}/orders` }).first();
    await orderCall.getByText('Success').waitFor();
    await logs.getByText('Products pulled').first().waitFor({ state: 'detached' });
    await closeToasts(page);
    await shot(page, 'ticket-interface-log-channel-order');
    await page.close();

    // In Chinese: our products with their channel product.
    const zh = await newPage(ctx.browser, 'zh-CN');
    await login(zh, base, 'demo', 'demo123');
    await zh.goto(`${base}/saas-ticket-app/channel/meituan/listSysProduct?configId=${config.id}`);
    await zh.getByRole('button', { name: '拉取目录' }).waitFor();
    await zh.getByTestId(`channel-sys-mapped-${productId}`).getByText('西湖成人票 (deal-1001)').waitFor();
    await zh.getByTestId('channel-sys-products-table').getByText('未匹配').first().waitFor();
    await shot(zh, 'ticket-channel-sys-products-zh');
    // The channel's order and its call, in Chinese.
    await zh.goto(`${base}/saas-ticket-app/order/ticketSys/list`);
    await zh.getByTestId(`order-${orderId}`).waitFor();
    await zh.getByTestId('orders-channel-order-id').fill('E2E-CH-1');
    await zh.getByTestId('search-inquire').click();
    const zhOrders = zh.getByTestId('ticket-orders-table');
    await zhOrders.getByRole('row').nth(2).waitFor({ state: 'detached' });
    await zhOrders.getByRole('columnheader', { name: '渠道订单' }).waitFor();
    await zhOrders.getByText(`渠道价 ${yuan}`).waitFor();
    await closeToasts(zh);
    await shot(zh, 'ticket-channel-order-list-zh');
    await zh.goto(`${base}/saas-ticket-app/log/interfaceLog/list`);
    await choose(zh, zh, '动作', '渠道下单');
    await zh.getByTestId('search-inquire').click();
    await zh.getByTestId('interface-logs-table').getByRole('row').filter({ hasText: '渠道下单' }).filter({ hasText: `/openapi/channel/${config.id}/orders` }).first().waitFor();
    await closeToasts(zh);
    await shot(zh, 'ticket-interface-log-channel-order-zh');
    await zh.close();
  });
});
