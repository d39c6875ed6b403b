// The ticket channel pages in a real browser against the real fleet and the channel simulator:
// the demo's meituan ticket configuration is pointed at a channel-sim started here (its demo
// account holds two spots and three products); the demo tenant's administrator opens the
// channel's pages from the Meituan entry of the Channel interfaces menu, pulls the catalogue,
// sees the spots and products, maps the demo's West Lake adult ticket to deal-1001 (the same
// channel product for another of ours is refused under the field), and reads the calls in the
// interface log with their answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { apiCall, apiLogin, login, newPage, shot, useFleet } from '../lib.mjs';

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

/** channel-sim with its demo account, on a free port; resolves to its URL and a stop(). */
async function startChannelSim() {
  const target = process.env.CARGO_TARGET_DIR || join(process.env.HOME, '.cache', 'tradewind', 'target');
  const port = await freePort();
  const child = spawn(join(target, 'debug', 'channel-sim'), [], {
    env: { ...process.env, CHANNEL_SIM__ADDR: `127.0.0.1:${port}`, CHANNEL_SIM__DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let demo = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('the demo account')) demo = true;
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
before(async () => {
  sim = await startChannelSim();
});
after(async () => {
  await sim?.stop();
});

/** Chooses `option` in the select labelled `label`. */
async function choose(page, label, option) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

const rowOf = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

describe('ticket channels', () => {
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
    await choose(page, 'Channel spot', '千岛湖风景区 (poi-1002)');
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

    // The interface log, from the Logs menu: the pulls, successful, their answers readable.
    await page.getByTestId('menu-/saas-ticket-app/log').click();
    await page.getByTestId('menu-/saas-ticket-app/log/interfaceLog/list').click();
    await page.waitForURL(`${base}/saas-ticket-app/log/interfaceLog/list`);
    const logs = page.getByTestId('interface-logs-table');
    await logs.getByText('Products pulled').first().waitFor();
    await logs.getByText('Scenic spots pulled').first().waitFor();
    await choose(page, 'Action', 'Products pulled');
    await choose(page, 'Outcome', 'Success');
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
    await page.close();

    // In Chinese: our products with their channel product.
    const zh = await newPage(ctx.browser, 'zh-CN');
    await login(zh, base, 'demo', 'demo123');
    await zh.goto(`${base}/saas-ticket-app/channel/meituan/listSysProduct?configId=${config.id}`);
    await zh.getByRole('button', { name: '拉取目录' }).waitFor();
    await zh.getByTestId(`channel-sys-mapped-${productId}`).getByText('西湖成人票 (deal-1001)').waitFor();
    await zh.getByTestId('channel-sys-products-table').getByText('未匹配').first().waitFor();
    await shot(zh, 'ticket-channel-sys-products-zh');
    await zh.close();
  });
});
