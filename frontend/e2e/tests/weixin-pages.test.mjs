// The weixin pages in a real browser against the real fleet and the WeChat simulator
// (services/wechat-sim, docs/weixin.md): the operator adds an official account (the form's rules
// first; secrets write-only) with a template for new orders, registers it at the simulator as
// WeChat's console would (the echo check reaches weixin-server through the gateway), tests the
// connection, opens the header's QR code, "scans" it as a WeChat user at the simulator, sees the
// header bound, unbinds and gets a fresh QR code, binds again; a new hotel order then sends a
// template message that the simulator received, listed on the message page; a mini-program
// user logs in (wx.login at the simulator, the code through the gateway) and is listed on the
// mini-program users page. Every page fits 1440 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { apiCall, apiLogin, day, launch, login, newPage, shot, startFleet } from '../lib.mjs';

const APP_ID = 'wx0e2e0e2e0e2e0e2e';
const SECRET = 'e2esecrete2esecrete2esecrete2e00';
const TOKEN = 'e2eportaltoken';
const MA_APP_ID = 'wx0e2e0e2e0e2ema00';

function simBinary() {
  const target = process.env.CARGO_TARGET_DIR || join(process.env.HOME, '.cache', 'tradewind', 'target');
  const profile = process.env.PROFILE && process.env.PROFILE !== 'dev' ? process.env.PROFILE : 'debug';
  return join(target, profile, 'wechat-sim');
}

/** Starts the simulator on a free port; resolves to its URL and a stop(). */
async function startSim() {
  const child = spawn(simBinary(), [], { env: { ...process.env, WECHAT_SIM__ADDR: '127.0.0.1:0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = line.match(/WeChat's API at (\S+)/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`wechat-sim exited (${code}) before it was up`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const ctx = { sim: null, fleet: null, browser: null };
before(async () => {
  ctx.sim = await startSim();
  // The demo tenant's own WeChat accounts stay off: this test adds its account from nothing, and
  // the console binds with a tenant's first account (docs/demo-data.md).
  ctx.fleet = await startFleet({ TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL: ctx.sim.url, TRADEWIND_WEIXIN_SERVER__DEMO__ENABLED: 'false' });
  ctx.browser = await launch();
});
after(async () => {
  await ctx.browser?.close();
  await ctx.fleet?.stop();
  await ctx.sim?.stop();
});

async function sim(method, path, body) {
  const res = await fetch(`${ctx.sim.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The tickets of the account's live QR codes at the simulator. */
async function liveTickets() {
  const stats = await sim('GET', `/sim/stats?appid=${APP_ID}`);
  return stats.body.liveQrCodes.map((q) => q.ticket);
}

async function fitsWidth(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 1440, `the page is ${width} px wide`);
}

describe('weixin pages', () => {
  it('adds an official account, binds by QR code through the simulator, and sends a template message', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'operator', 'operator123');
    await page.goto(`${ctx.fleet.url}/common-weixin-server/mp/config/list`);
    await page.getByTestId('mp-configs-table').waitFor();
    await fitsWidth(page);

    // The form's rules first, then an account with a template for new orders (types 0 and 10).
    await page.getByTestId('config-add').click();
    const dialog = page.getByTestId('config-dialog');
    await page.fill('[data-testid="field-appId"]', 'wx123');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Name').waitFor();
    await dialog.getByText('wx followed by 16 letters or digits').waitFor();
    await page.fill('[data-testid="field-name"]', 'E2E Service Account');
    await page.fill('[data-testid="field-appId"]', APP_ID);
    await page.fill('[data-testid="field-appSecret"]', SECRET);
    await page.fill('[data-testid="field-token"]', TOKEN);
    await page.fill('[data-testid="field-template0"]', 'TMPL_NEW_ORDER');
    await page.fill('[data-testid="field-template10"]', 'TMPL_NEW_ORDER');
    await shot(page, 'weixin-config-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('mp-configs-table').getByRole('row').filter({ hasText: 'E2E Service Account' });
    await row.getByText(APP_ID).waitFor();
    await row.getByText('AppSecret, Token').waitFor();
    assert.ok(!(await page.locator('body').innerText()).includes(SECRET), 'the secret is never shown');
    const serverUrl = await row.getByText('/openapi/mp/portal/').innerText();
    const configId = serverUrl.split('/').pop();

    // WeChat's console checks the server URL's echo: through the gateway, to weixin-server.
    const portal = `${ctx.fleet.url}/api/weixin-server/openapi/mp/portal/${configId}`;
    const registered = await sim('POST', '/sim/apps', { appid: APP_ID, secret: SECRET, token: TOKEN, callbackUrl: portal });
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
    await row.locator('[data-testid^=config-test-]').click();
    await page.getByTestId('config-test-result').getByText('the connection works').waitFor();
    await fitsWidth(page);
    await shot(page, 'weixin-configs');

    // The header's control appears once an account exists (asked when the header mounts).
    await page.reload();
    const control = page.getByTestId('weixin-bind');
    await control.waitFor();
    await control.hover();
    await page.getByTestId('weixin-qr').waitFor();
    await shot(page, 'weixin-header-qr');
    const [ticket] = await liveTickets();
    assert.ok(ticket, 'the QR code came from WeChat (the simulator)');
    const scanned = await sim('POST', '/sim/scan', { appid: APP_ID, ticket, openid: 'o_e2e_operator', nickname: 'Olivia' });
    // weixin-server answers the scanner in WeChat with a passive text reply naming the user.
    assert.equal(scanned.body.serverStatus, 200, JSON.stringify(scanned.body));
    assert.match(scanned.body.serverAnswer, /<MsgType><!\[CDATA\[text\]\]><\/MsgType>.*operator/s, JSON.stringify(scanned.body));
    // The control asks every 10 s while a QR code is shown.
    await control.getByText('Olivia', { exact: false }).waitFor({ timeout: 15_000 });
    await shot(page, 'weixin-header-bound');

    // Unbinding returns to a fresh QR code.
    await control.click();
    await page.getByText('unbound', { exact: false }).first().waitFor();
    await page.getByTestId('weixin-qr').waitFor();
    const fresh = (await liveTickets()).filter((t) => t !== ticket);
    assert.equal(fresh.length, 1, 'a new QR code was made');
    await sim('POST', '/sim/scan', { appid: APP_ID, ticket: fresh[0], openid: 'o_e2e_operator', nickname: 'Olivia' });
    await page.getByTestId('weixin-bind').getByText('Olivia', { exact: false }).waitFor({ timeout: 15_000 });

    // The operator asks for new orders on WeChat; a distributor books; WeChat gets the message.
    const operator = await page.evaluate(() => sessionStorage.getItem('token'));
    const saved = await apiCall(ctx.fleet.url, 'POST', '/api/saas-main/saas/notify/config/save', operator, {
      notifyWeb: '0',
      notifyWeixin: '0,10',
      notifySms: '',
      notifyMail: '',
      mobile: '',
      email: '',
      state: 1,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const distributor = await apiLogin(ctx.fleet.url, 'distributor', 'distributor123');
    const stay = `checkinDate=${day(3)}&checkoutDate=${day(4)}&roomNum=1`;
    const found = await apiCall(ctx.fleet.url, 'GET', `/api/hotel-app/saas/booking/hotelBookings/list?${stay}`, distributor);
    const hotelId = found.body.data.results[0].hotelId;
    const products = await apiCall(ctx.fleet.url, 'GET', `/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId=${hotelId}&${stay}`, distributor);
    // Give message-server's copy of the settings a moment is not needed: it is asked below until it arrives.
    let received = [];
    let orderId = null;
    for (let i = 0; i < 20 && received.length === 0; i++) {
      if (orderId === null || i % 5 === 4) {
        const booked = await apiCall(ctx.fleet.url, 'POST', '/api/hotel-app/saas/booking/hotelBookings/order', distributor, {
          productId: products.body.data[0].productId,
          checkinDate: day(3),
          checkoutDate: day(4),
          roomNum: 1,
          contactName: 'Li Lei',
          contactPhone: '13812345678',
          guests: [{ name: 'Li Lei' }],
        });
        assert.equal(booked.status, 200, JSON.stringify(booked.body));
        orderId = booked.body.data.orderId;
      }
      await new Promise((r) => setTimeout(r, 500));
      received = (await sim('GET', `/sim/messages?appid=${APP_ID}`)).body;
    }
    assert.ok(received.length > 0, 'the simulator received a template message');
    assert.equal(received[0].touser, 'o_e2e_operator');
    assert.equal(received[0].templateId, 'TMPL_NEW_ORDER');

    await page.goto(`${ctx.fleet.url}/common-weixin-server/mp/message/list`);
    const messages = page.getByTestId('messages-table');
    await messages.getByText('o_e2e_operator').first().waitFor();
    await messages.getByText('Sent').first().waitFor();
    await fitsWidth(page);
    await shot(page, 'weixin-messages');

    await page.goto(`${ctx.fleet.url}/common-weixin-server/mp/user/list`);
    const followers = page.getByTestId('followers-table');
    await followers.getByText('o_e2e_operator').waitFor();
    await page.getByTestId('followers-sync').click();
    await page.getByText('WeChat lists 1 followers', { exact: false }).waitFor();
    await fitsWidth(page);
    await shot(page, 'weixin-followers');

    await page.goto(`${ctx.fleet.url}/common-weixin-server/ma/config/list`);
    await page.getByTestId('ma-configs-table').waitFor();
    await fitsWidth(page);
    await shot(page, 'weixin-ma-configs');

    // A mini-program and a user logging in to it: wx.login on the phone (the simulator) gives a
    // code, the mini-program sends it through the gateway to weixin-server, which exchanges it at
    // WeChat (jscode2session); the user is then on the mini-program users page.
    const mini = await apiCall(ctx.fleet.url, 'POST', '/api/weixin-server/saas/ma/config/save', operator, { name: 'E2E Mini', appId: MA_APP_ID, appSecret: SECRET, state: 1 });
    assert.equal(mini.status, 200, JSON.stringify(mini.body));
    assert.equal((await sim('POST', '/sim/apps', { appid: MA_APP_ID, secret: SECRET, token: '' })).status, 200);
    const wxLogin = await sim('POST', '/sim/ma/login', { appid: MA_APP_ID, openid: 'o_e2e_mini', unionid: 'u_e2e_mini' });
    const loggedIn = await apiCall(ctx.fleet.url, 'POST', '/api/weixin-server/openapi/ma/user/login', '', { configId: mini.body.data.configId, code: wxLogin.body.code });
    assert.equal(loggedIn.status, 200, JSON.stringify(loggedIn.body));
    assert.equal(loggedIn.body.data.firstLogin, true);
    await page.goto(`${ctx.fleet.url}/common-weixin-server/ma/user/list`);
    const maUsers = page.getByTestId('ma-users-table');
    await maUsers.getByText('o_e2e_mini').waitFor();
    await maUsers.getByText('u_e2e_mini').waitFor();
    await page.getByRole('combobox', { name: 'UnionID' }).click();
    await page.getByRole('option', { name: 'Without UnionID' }).click();
    await page.getByTestId('search-inquire').click();
    await maUsers.getByText('o_e2e_mini').waitFor({ state: 'detached' });
    await fitsWidth(page);
    await page.getByTestId('search-reset').click();
    await maUsers.getByText('o_e2e_mini').waitFor();
    await shot(page, 'weixin-ma-users');
    await page.close();
  });
});
