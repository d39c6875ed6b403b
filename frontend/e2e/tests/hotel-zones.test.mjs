// The hotel application's zones page in a real browser against the real fleet: the demo tenant's
// administrator adds a top-level zone and a zone under it, each in an area chosen through the
// area picker (a city the platform administrator added, once hotel-app's copy of the areas has
// it), sees them listed with their parent and computed geohash, and edits one, hotel-app's 412
// showing under the field it names. A supplier's user reads the zones without add or edit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, choose, login, newPage, openFromMenu, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

/** Chooses a place in a box of the area picker (`field-areaId`, `field-areaId-province` ...). */
async function chooseArea(page, testId, option) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  assert.equal(await page.getByTestId(testId).inputValue(), option);
}

/** The texts of the cells of the zones table's row whose name cell starts with `name`. */
async function cells(page, name) {
  const row = page.getByTestId('hotel-zones-table').getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}`) }) });
  await row.waitFor();
  return row.getByRole('cell').allInnerTexts();
}

describe('hotel zones', () => {
  it("lets the tenant's administrator add zones under each other in areas from the picker, and edit one", async () => {
    const base = ctx.fleet.url;
    // A city for the picker's third box: the platform's administrator adds Hangzhou to Zhejiang.
    const adminToken = await apiLogin(base, 'admin', 'admin123');
    const city = await apiCall(base, 'POST', '/api/saas-main/saas/platform/area/save', adminToken, { parentCode: 'CN-ZJ', code: 'HZ', name: '杭州市', nameEn: 'Hangzhou', state: 1 });
    assert.equal(city.status, 200, JSON.stringify(city.body));

    const page = await newPage(ctx.browser, 'en-US');
    await login(page, base, 'demo', 'demo123');
    // The page is in the hotel application's menu, under Hotels.
    const path = '/saas-hotel-app/hotel/zones/list';
    await page.getByTestId('app-saas-hotel-app').click();
    await page.waitForURL(`${base}/hotel/home`);
    await openFromMenu(page, base, '/saas-hotel-app/hotel', path);
    assert.equal(await page.getByTestId(`menu-${path}`).innerText(), 'Zones');
    const table = page.getByTestId('hotel-zones-table');
    await table.getByText('No data').waitFor();

    // A top-level zone in the province of Zhejiang.
    await page.getByTestId('zone-add').click();
    let dialog = page.getByTestId('zone-dialog');
    await dialog.getByText('Add a zone').waitFor();
    await page.fill('[data-testid="field-geoLng"]', '120.15');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Zone name').waitFor();
    await dialog.getByText(/^Longitude,latitude such as/).waitFor();
    await page.fill('[data-testid="field-name"]', 'Zhejiang Province');
    await page.fill('[data-testid="field-geoLng"]', '120.15,30.28');
    await chooseArea(page, 'field-areaId', 'China (CN)');
    await chooseArea(page, 'field-areaId-province', 'Zhejiang (CN-ZJ)');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const top = await cells(page, 'Zhejiang Province');
    assert.deepEqual(top.slice(1, 6), ['Zhejiang Province\nLevel 1', 'Top level', 'CN-ZJ', '120.15,30.28', top[5]]);
    assert.match(top[5], /^wtm[0-9a-z]{9}$/, 'the geohash hotel-app computed');

    // hotel-app hears of the new city from saas-main: until then it refuses the city as an area.
    // Asked with a name already taken at the top, the answer names the area while the city is
    // unknown and the name once it is known, so nothing is saved meanwhile.
    // (Asked as the tenant's operator: a second login of the administrator would end the page's session.)
    const operatorToken = await apiLogin(base, 'operator', 'operator123');
    for (let i = 0; ; i += 1) {
      const probe = await apiCall(base, 'POST', '/api/hotel-app/saas/hotel/zones/save', operatorToken, { name: 'Zhejiang Province', parentId: 0, areaId: 'CN-ZJ-HZ' });
      assert.equal(probe.status, 412, JSON.stringify(probe.body));
      if (probe.body.data.field === 'name') break;
      assert.ok(i < 100, 'hotel-app heard of Hangzhou');
      await new Promise((r) => setTimeout(r, 100));
    }

    // A zone under it, in the city of Hangzhou, the parent picked from the tree.
    await page.getByTestId('zone-add').click();
    dialog = page.getByTestId('zone-dialog');
    await page.fill('[data-testid="field-name"]', 'West Lake');
    await page.fill('[data-testid="field-geoLng"]', '120.14,30.25');
    await choose(page, dialog, 'Parent zone', 'Zhejiang Province');
    await chooseArea(page, 'field-areaId', 'China (CN)');
    await chooseArea(page, 'field-areaId-province', 'Zhejiang (CN-ZJ)');
    await chooseArea(page, 'field-areaId-city', 'Hangzhou (CN-ZJ-HZ)');
    await shot(page, 'hotel-zone-form');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const child = await cells(page, 'West Lake');
    assert.deepEqual(child.slice(1, 5), ['West Lake\nLevel 2', 'Zhejiang Province', 'CN-ZJ-HZ', '120.14,30.25']);
    assert.equal(child[6], 'Normal');
    await shot(page, 'hotel-zones');

    // Editing: its current fields, areas by name; a name its new parent already has is
    // hotel-app's 412, shown under the name; then a new name and disabled.
    const rowId = child[0];
    await page.getByTestId(`zone-edit-${rowId}`).click();
    dialog = page.getByTestId('zone-dialog');
    await dialog.getByText('Edit the zone').waitFor();
    assert.equal(await page.getByTestId('field-name').inputValue(), 'West Lake');
    await page.waitForFunction(() => document.querySelector('[data-testid="field-areaId-city"]')?.value === 'Hangzhou (CN-ZJ-HZ)');
    assert.equal(await dialog.getByRole('combobox', { name: 'Parent zone', exact: true }).innerText(), 'Zhejiang Province');
    await page.fill('[data-testid="field-name"]', 'Zhejiang Province');
    await choose(page, dialog, 'Parent zone', 'None (a top-level zone)');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('a zone of this name exists under the same parent').waitFor();
    assert.equal(await page.locator('#' + (await page.getByTestId('field-name').getAttribute('id')) + '-helper-text').innerText(), 'a zone of this name exists under the same parent');
    await shot(page, 'hotel-zone-refused');
    await page.fill('[data-testid="field-name"]', 'West Lake Scenic Area');
    await choose(page, dialog, 'Parent zone', 'Zhejiang Province');
    await choose(page, dialog, 'State', 'Disabled');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const edited = await cells(page, 'West Lake Scenic Area');
    assert.equal(edited[0], rowId);
    assert.equal(edited[2], 'Zhejiang Province');
    assert.equal(edited[6], 'Disabled');
    // Filtered by state.
    await choose(page, page, 'State', 'Disabled');
    await page.getByTestId('search-inquire').click();
    await table.getByRole('row').filter({ hasText: 'Zhejiang Province' }).filter({ hasText: 'Top level' }).waitFor({ state: 'detached' });
    assert.equal(await table.getByRole('row').count(), 2);
    await page.close();

    // A supplier's user reads the zones, and may change none.
    const supplier = await newPage(ctx.browser, 'en-US');
    await login(supplier, base, 'supplier', 'supplier123');
    await supplier.goto(`${base}/saas-hotel-app/hotel/zones/list`);
    await cells(supplier, 'West Lake Scenic Area');
    assert.equal(await supplier.getByTestId('zone-add').count(), 0);
    assert.equal(await supplier.locator('[data-testid^=zone-edit-]').count(), 0);
    await shot(supplier, 'hotel-zones-supplier');
    await supplier.close();
  });
});
