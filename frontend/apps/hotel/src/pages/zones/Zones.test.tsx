// The zones page against a stubbed hotel-app: the list with each zone's parent by path, its
// filters; the staff's add and edit dialog (the parent from the tree, as deep as the service
// allows; the area through the picker; the exact bodies); hotel-app's 412 under the field it
// names; no add or edit for a merchant's user.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import { answerAreas, AREA_CODES, chooseArea, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import zhCN from '../../messages/zh-CN';
import { hold, isZoneTree, merchantUser, staffUser, zone, zoneTree } from '../../fixtures';
import ZoneList from './ZoneList';
import type { ZoneRow } from './zoneForm';

setUpPageTests();

const row = (id: number, parentId: number, name: string, more: Partial<ZoneRow> = {}): ZoneRow => ({
  id,
  parentId,
  name,
  areaId: '',
  geoLng: '',
  geoHash: '',
  state: 1,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
  ...more,
});

const hangzhou = row(3, 1, 'Hangzhou', { areaId: 'CN-ZJ-HZ', geoLng: '120.155,30.274', geoHash: 'wtmkq2vb5cpf' });
const zhejiang = row(1, 0, 'Zhejiang', { areaId: 'CN-ZJ' });
const ningbo = row(5, 1, 'Ningbo', { state: 0 });

const isList = (c: Call) => c.url.pathname === '/api/hotel-app/saas/hotel/zones/list';
const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
/** The texts of the cells of a zone's row, by its id. */
const cellsOf = (id: number) => {
  const rows = within(screen.getByTestId('hotel-zones-table')).getAllByRole('row') as HTMLTableRowElement[];
  const found = rows.find((r) => r.cells[0]?.textContent === String(id));
  return found ? Array.from(found.cells, (c) => c.textContent ?? '') : [];
};
const answer = (c: Call) => answerAreas(c) ?? (isZoneTree(c) ? zoneTree : c.method === 'GET' ? pageOf([zhejiang, hangzhou, ningbo]) : hangzhou);

describe('zones', () => {
  it('lists the zones with their parent by path, area, centre, geohash and state, filtered by name, state and parent', async () => {
    hold(PERM.zone.list, PERM.zone.tree);
    const calls = serve(answer);
    const { problems } = renderPage(ZoneList, en);
    expect(await screen.findByText('Hangzhou')).toBeTruthy();
    const table = screen.getByTestId('hotel-zones-table');
    expect(calls.find(isList)?.url.pathname).toBe('/api/hotel-app/saas/hotel/zones/list');
    expect(query(calls.find(isList) as Call)).toEqual({ page: '1', resultNum: '20' });
    for (const text of ['CN-ZJ-HZ', '120.155,30.274', 'wtmkq2vb5cpf', 'Disabled']) expect(within(table).getByText(text)).toBeTruthy();
    // Parents by path once the tree is in, a top-level zone as such, and each zone's level.
    await waitFor(() => expect(cellsOf(3)).toEqual(['3', 'HangzhouLevel 2', 'Zhejiang', 'CN-ZJ-HZ', '120.155,30.274', 'wtmkq2vb5cpf', 'Normal', '2026-01-01 00:00:00']));
    expect(cellsOf(1).slice(0, 4)).toEqual(['1', 'ZhejiangLevel 1', 'Top level', 'CN-ZJ']);
    expect(cellsOf(5).slice(0, 3)).toEqual(['5', 'NingboLevel 2', 'Zhejiang']);
    // Nobody here may change zones: no add, no actions.
    expect(screen.queryByTestId('zone-add')).toBeNull();
    expect(screen.queryByTestId('zone-edit-3')).toBeNull();

    fireEvent.change(screen.getByTestId('zones-name'), { target: { value: ' Hang ' } });
    pick('State', 'Disabled');
    expect(optionsOf('Parent zone')).toEqual(['All', 'Top level', 'Zhejiang', 'Zhejiang / Hangzhou', 'Zhejiang / Hangzhou / West Lake', 'Zhejiang / Ningbo', 'Hainan', 'Hainan / Sanya']);
    pick('Parent zone', 'Zhejiang');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', name: 'Hang', state: '0', parentId: '1' }));
    expect(problems).toEqual([]);
  });

  it('shows the parent as its id without the tree code', async () => {
    hold(PERM.zone.list);
    const calls = serve(answer);
    renderPage(ZoneList, en);
    const table = await screen.findByTestId('hotel-zones-table');
    await within(table).findByText('Hangzhou');
    expect(cellsOf(3).slice(0, 3)).toEqual(['3', 'Hangzhou', '1']);
    expect(calls.some(isZoneTree)).toBe(false);
    expect(screen.queryByTestId('zones-parent')).toBeNull();
  });

  it('lets the staff add a zone under a parent from the tree, in an area chosen with the picker', async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save, PERM.zone.update, ...AREA_CODES);
    const calls = serve(answer);
    const { problems } = renderPage(ZoneList, en);
    fireEvent.click(await screen.findByTestId('zone-add'));
    const dialog = await screen.findByTestId('zone-dialog');
    expect(within(dialog).getByText('Add a zone')).toBeTruthy();
    // The browser's rules first: nothing is sent.
    type('geoLng', '116.4');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Zone name')).toBeTruthy();
    expect(within(dialog).getByText('Longitude,latitude such as 116.397,39.909 (longitude -180 to 180, latitude -90 to 90)')).toBeTruthy();
    type('geoLng', '200,30');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Longitude,latitude such as 116.397,39.909 (longitude -180 to 180, latitude -90 to 90)')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    type('name', ' Sanya Bay ');
    type('geoLng', ' 109.51,18.25 ');
    // Every zone by path, a disabled one saying so, under "none".
    await waitFor(() =>
      expect(optionsOf('Parent zone')).toEqual([
        'None (a top-level zone)',
        'Zhejiang',
        'Zhejiang / Hangzhou',
        'Zhejiang / Hangzhou / West Lake',
        'Zhejiang / Ningbo (disabled)',
        'Hainan',
        'Hainan / Sanya',
      ]),
    );
    pick('Parent zone', 'Hainan / Sanya');
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Hainan (CN-HI)');
    await chooseArea('field-areaId-city', 'Sanya (CN-HI-SY)');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/zones/save');
    expect(writes(calls)[0].body).toEqual({ name: 'Sanya Bay', parentId: 6, areaId: 'CN-HI-SY', geoLng: '109.51,18.25', state: 1 });
    await waitFor(() => expect(screen.queryByTestId('zone-dialog')).toBeNull());
    // The list and the tree are asked again.
    await waitFor(() => expect(calls.filter(isZoneTree)).toHaveLength(2));
    expect(calls.filter(isList).length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  it('adds a sub-zone of a row with the row as parent', async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save);
    const calls = serve(answer);
    renderPage(ZoneList, en);
    fireEvent.click(await screen.findByTestId('zone-add-child-3'));
    const dialog = await screen.findByTestId('zone-dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Parent zone' }).textContent).toBe('Zhejiang / Hangzhou'));
    type('name', 'Xixi');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ name: 'Xixi', parentId: 3, areaId: '', geoLng: '', state: 1 });
    // Without the update code there is no edit.
    expect(screen.queryByTestId('zone-edit-3')).toBeNull();
  });

  it('edits a zone with its id, offering neither itself nor its sub-zones as parent', async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.update, ...AREA_CODES);
    const calls = serve(answer);
    renderPage(ZoneList, en);
    fireEvent.click(await screen.findByTestId('zone-edit-3'));
    const dialog = await screen.findByTestId('zone-dialog');
    expect(within(dialog).getByText('Edit the zone')).toBeTruthy();
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Hangzhou');
    expect((screen.getByTestId('field-geoLng') as HTMLInputElement).value).toBe('120.155,30.274');
    await waitFor(() => expect((screen.getByTestId('field-areaId-city') as HTMLInputElement).value).toBe('Hangzhou (CN-ZJ-HZ)'));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Parent zone' }).textContent).toBe('Zhejiang'));
    expect(optionsOf('Parent zone')).toEqual(['None (a top-level zone)', 'Zhejiang', 'Zhejiang / Ningbo (disabled)', 'Hainan', 'Hainan / Sanya']);
    type('name', 'Hangzhou City');
    pick('Parent zone', 'Hainan');
    pick('State', 'Disabled');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/zones/update');
    expect(writes(calls)[0].body).toEqual({ id: 3, name: 'Hangzhou City', parentId: 2, areaId: 'CN-ZJ-HZ', geoLng: '120.155,30.274', state: 0 });
  });

  it('offers no parent that would take the zones past ten levels', async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save, PERM.zone.update);
    // A chain L1 > L2 > ... > L10, and a zone T with one sub-zone.
    let chain = zone(10, 9, 'L10');
    for (let i = 9; i >= 1; i -= 1) chain = zone(i, i - 1, `L${i}`, [chain]);
    const tree = [chain, zone(20, 0, 'T', [zone(21, 20, 'U')])];
    serve((c) => (isZoneTree(c) ? tree : pageOf([row(10, 9, 'L10'), row(20, 0, 'T')])));
    renderPage(ZoneList, en);
    const table = await screen.findByTestId('hotel-zones-table');
    await within(table).findByText('L10');
    await waitFor(() => expect(cellsOf(10)[1]).toBe('L10Level 10'));
    // The tenth level takes no sub-zone.
    expect(screen.queryByTestId('zone-add-child-10')).toBeNull();
    expect(screen.getByTestId('zone-add-child-20')).toBeTruthy();
    const paths = (n: number) => Array.from({ length: n }, (_, i) => Array.from({ length: i + 1 }, (__, j) => `L${j + 1}`).join(' / '));

    fireEvent.click(screen.getByTestId('zone-add'));
    await screen.findByTestId('zone-dialog');
    expect(optionsOf('Parent zone')).toEqual(['None (a top-level zone)', ...paths(9), 'T', 'T / U']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('zone-dialog')).toBeNull());

    // T brings a second level along: it fits under the eighth level at most.
    fireEvent.click(screen.getByTestId('zone-edit-20'));
    await screen.findByTestId('zone-dialog');
    expect(optionsOf('Parent zone')).toEqual(['None (a top-level zone)', ...paths(8)]);
  });

  it("shows hotel-app's 412 under the field it names and keeps the dialog open", async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'name', reason: 'a zone of this name exists under the same parent' } : null));
    renderPage(ZoneList, en);
    fireEvent.click(await screen.findByTestId('zone-add'));
    const dialog = await screen.findByTestId('zone-dialog');
    type('name', 'Hangzhou');
    await waitFor(() => expect(optionsOf('Parent zone')).toContain('Zhejiang'));
    pick('Parent zone', 'Zhejiang');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    const reason = await within(dialog).findByText('a zone of this name exists under the same parent');
    // Under the name field, as its helper text.
    expect(reason.id).toBe(`${screen.getByTestId('field-name').id}-helper-text`);
    expect(writes(calls)[0].body).toMatchObject({ name: 'Hangzhou', parentId: 1 });
    expect(screen.getByTestId('zone-dialog')).toBeTruthy();
  });

  it("shows a 412 on the area under the area picker", async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.save, ...AREA_CODES);
    serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'areaId', reason: 'area CN-HI does not exist or is disabled' } : null));
    renderPage(ZoneList, en);
    fireEvent.click(await screen.findByTestId('zone-add'));
    const dialog = await screen.findByTestId('zone-dialog');
    type('name', 'Haikou');
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Hainan (CN-HI)');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.getByTestId('field-areaId-error').textContent).toBe('area CN-HI does not exist or is disabled'));
  });

  it("shows a merchant's user the zones without add or edit, even holding the codes", async () => {
    merchantUser(1);
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save, PERM.zone.update);
    serve(answer);
    renderPage(ZoneList, en);
    await screen.findByText('Hangzhou');
    expect(screen.queryByTestId('zone-add')).toBeNull();
    expect(screen.queryByTestId('zone-edit-3')).toBeNull();
    expect(screen.queryByTestId('zone-add-child-3')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('speaks Chinese', async () => {
    staffUser();
    hold(PERM.zone.list, PERM.zone.tree, PERM.zone.save);
    serve(answer);
    const { problems } = renderPage(ZoneList, zhCN, '/', 'zh-CN');
    expect(await screen.findByText('Hangzhou')).toBeTruthy();
    expect(screen.getByText('新增区域')).toBeTruthy();
    expect(within(screen.getByTestId('hotel-zones-table')).getByText('上级区域')).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
