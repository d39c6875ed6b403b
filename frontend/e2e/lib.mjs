// What the browser tests share: the fleet (every service in one process, as `make run` starts
// it, serving the built console), Debian's Chromium through playwright-core, and helpers.
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '..', '..');
export const SHOTS = join(here, 'screenshots');

/** The fleet binary `make` built (debug unless PROFILE says otherwise). */
function fleetBinary() {
  const target = process.env.CARGO_TARGET_DIR || join(process.env.HOME, '.cache', 'tradewind', 'target');
  const profile = process.env.PROFILE && process.env.PROFILE !== 'dev' ? process.env.PROFILE : 'debug';
  return process.env.FLEET_BIN || join(target, profile, 'fleet');
}

/** Starts the fleet on free ports with fresh SQLite files; resolves to its URL and a stop(). */
export async function startFleet(extraEnv = {}) {
  const data = mkdtempSync(join(tmpdir(), 'tradewind-e2e-'));
  const env = {
    ...process.env,
    TRADEWIND_DATA_DIR: data,
    TRADEWIND_LOG: 'warn',
    TRADEWIND_GATEWAY__STATIC_DIR: join(ROOT, 'frontend', 'dist'),
    ...extraEnv,
  };
  for (const s of ['GATEWAY', 'AUTH_CENTER', 'SAAS_MAIN', 'HOTEL_APP', 'TICKET_APP', 'WEIXIN_SERVER', 'MALL_APP', 'MESSAGE_SERVER', 'FINANCE_APP']) {
    env[`TRADEWIND_${s}__HTTP__PORT`] = '0';
  }
  const child = spawn(fleetBinary(), ['--target', 'all'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const m = line.match(/^Tradewind is up: (\S+)/);
      if (m) resolve(m[1].replace(/\/$/, ''));
    });
    child.on('exit', (code) => reject(new Error(`the fleet exited (${code}) before it was up`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/**
 * The fleet and the browser of one test file: started before its tests, stopped after them.
 * Read them from the returned object once the tests run (`ctx.fleet.url`, `ctx.browser`).
 */
export function useFleet(extraEnv = {}) {
  const ctx = { fleet: null, browser: null };
  before(async () => {
    ctx.fleet = await startFleet(extraEnv);
    ctx.browser = await launch();
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.fleet?.stop();
  });
  return ctx;
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh page in Chinese (the default) at 1440x900. */
export async function newPage(browser, locale = 'zh-CN') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  return context.newPage();
}

async function loginOnce(page, base, username, password) {
  await page.goto(`${base}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/dashboard`, { timeout: 20_000 });
}

/**
 * Logs in through the login page. A login that does not reach the dashboard is reported (the
 * page's text, its console, a screenshot) and tried once more: one such failure was seen in a
 * fresh-clone run and never reproduced; the report is there to find its cause.
 */
export async function login(page, base, username, password) {
  const consoleLines = [];
  const listen = (m) => consoleLines.push(`${m.type()}: ${m.text()}`);
  page.on('console', listen);
  try {
    await loginOnce(page, base, username, password);
  } catch (e) {
    await shot(page, `login-failed-${username}`).catch(() => undefined);
    const text = await page.locator('body').innerText().catch(() => '');
    console.warn(
      `login of ${username} did not reach the dashboard (at ${page.url()}): ${String(e).slice(0, 200)}\npage: ${text.slice(0, 500)}\nconsole:\n${consoleLines.slice(-30).join('\n')}`,
    );
    await loginOnce(page, base, username, password);
  } finally {
    page.off('console', listen);
  }
}

/**
 * Opens the page `path` from its menu group `group`, as a person does: the group unfolded if
 * its entry is not showing, then the entry. The application's menu is rebuilt once its
 * interface menus have loaded, which can fold the group again while the entry is clicked (the
 * click then lands on the folding group and goes nowhere): the clicks are made again, at most
 * three times, until the page is there.
 */
export async function openFromMenu(page, base, group, path) {
  for (let attempt = 1; ; attempt += 1) {
    const entry = page.getByTestId(`menu-${path}`);
    if (!(await entry.isVisible())) await page.getByTestId(`menu-${group}`).click();
    await entry.click();
    try {
      await page.waitForURL(`${base}${path}`, { timeout: 5000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/**
 * Chooses `option` in the form select labelled `label` within `scope` (a dialog, or the page):
 * the options open in a popup of the page, and the popup is waited out. A select showing a
 * value is named by its label and the value: match it with a RegExp.
 */
export async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Calls the API through the gateway as the console does. */
export async function apiCall(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

export async function apiLogin(base, username, password) {
  const r = await apiCall(base, 'POST', '/api/auth-center/api/auth/login', null, { username, password });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/** `YYYY-MM-DD`, n days from today (China time is close enough for a booking a day ahead). */
export function day(n) {
  const d = new Date(Date.now() + n * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Books one room of the first hotel's first product paid online, `nights` from `n` days ahead,
 * as the distributor of `token`, through the booking API; the order stays unpaid. Answers the
 * order id and the product.
 */
export async function bookOnlinePaid(base, token, n, contactName, contactPhone) {
  const stay = `checkinDate=${day(n)}&checkoutDate=${day(n + 1)}&roomNum=1`;
  const found = await apiCall(base, 'GET', `/api/hotel-app/saas/booking/hotelBookings/list?${stay}`, token);
  const hotelId = found.body.data.results[0].hotelId;
  const products = await apiCall(base, 'GET', `/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId=${hotelId}&${stay}`, token);
  const product = products.body.data.find((p) => p.isOnlinePay === 1);
  if (!product) throw new Error(`no product paid online: ${JSON.stringify(products.body)}`);
  const booked = await apiCall(base, 'POST', '/api/hotel-app/saas/booking/hotelBookings/order', token, {
    productId: product.productId,
    checkinDate: day(n),
    checkoutDate: day(n + 1),
    roomNum: 1,
    contactName,
    contactPhone,
    guests: [{ name: contactName }],
  });
  if (booked.status !== 200) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  return { orderId: booked.body.data.orderId, product };
}
