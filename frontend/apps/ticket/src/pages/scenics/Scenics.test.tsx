// Scenic spots against a stubbed ticket-app: the list and its filters, the form's rules and
// bodies for the staff and as a supplier's request, changing a loaded spot, ticket-app's 412
// under its field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import ScenicList from './ScenicList';
import { answerAreas, AREA_CODES, chooseArea, lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { hold, scenic, staffUser, supplierUser } from '../../fixtures';

setUpPageTests();

const isList = (c: Call) => c.url.pathname === '/api/ticket-app/saas/ticket/scenicInfos/list';
const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });

describe('scenic spots', () => {
  it('lists the spots with their rating, zone, opening and state, filtered by name, rating, area, opening and state', async () => {
    hold(...AREA_CODES);
    const calls = serve((c) => answerAreas(c) ?? pageOf([scenic]));
    const { problems } = renderPage(ScenicList, en);
    expect(await screen.findByText('西湖风景名胜区')).toBeTruthy();
    for (const text of ['West Lake Scenic Area', 'AAAAA', 'Normal', 'West Lake district / CN-ZJ-HZ', 'Open all year', '08:00-17:30']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('scenics-name'), { target: { value: ' Lake ' } });
    // The area filters by prefix: a province lists everything in it.
    await chooseArea('scenics-area', 'China (CN)');
    await chooseArea('scenics-area-province', 'Zhejiang (CN-ZJ)');
    pick('Rating', 'AAAA');
    pick('Opening', 'Seasonal');
    pick('State', 'Stopped');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', scenicName: 'Lake', star: '4', areaId: 'CN-ZJ', openType: '2', state: '2' }),
    );
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect((screen.getByTestId('scenics-area') as HTMLInputElement).value).toBe('');
    expect(problems).toEqual([]);
  });

  it('links each spot to its suppliers for a user who may list them', async () => {
    staffUser();
    hold(PERM.scenicSupplier.list);
    serve(() => pageOf([scenic]));
    renderPage(ScenicList, en);
    const link = await screen.findByTestId('scenic-suppliers-7');
    expect(link.getAttribute('href')).toBe('/saas-ticket-app/scenic/scenicSuppliers/list?scenicId=7');
  });

  it('offers no add or change to a user without their codes', async () => {
    supplierUser();
    hold(PERM.scenic.list, PERM.scenic.load);
    serve(() => pageOf([scenic]));
    renderPage(ScenicList, en);
    await screen.findByText('西湖风景名胜区');
    expect(screen.queryByTestId('scenic-add')).toBeNull();
    expect(screen.queryByTestId('scenic-edit-7')).toBeNull();
  });

  it('checks a new spot by the rules of ticket-app and saves every field', async () => {
    staffUser();
    hold(PERM.scenic.save, ...AREA_CODES);
    const calls = serve((c) => answerAreas(c) ?? (c.method === 'GET' ? pageOf([scenic]) : { scenicId: 8 }));
    const { problems } = renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-add'));
    const dialog = await screen.findByTestId('scenic-dialog');
    type('phone', 'call me');
    type('scenicNameEn', 'x'.repeat(65));
    type('longitude', '120.1');
    type('openTime', '8:00');
    type('closeTime', '07:00');
    type('images', 'https://img.example/a.jpg\nftp://img.example/b.jpg');
    pick('Opening', 'Seasonal');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Scenic spot name')).toBeTruthy();
    for (const text of [
      'Wrong phone format!',
      'The length is 0 to 64 characters',
      'Please enter Latitude',
      'A time as HH:MM, such as 08:30',
      'At most 30 http(s) addresses, one a line',
      'A seasonal spot needs its seasons',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    type('openTime', '08:00');
    type('latitude', '95');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('The closing time must be after the opening time')).toBeTruthy();
    expect(within(dialog).getByText('A latitude from -90 to 90')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    type('scenicName', ' 千岛湖 ');
    type('scenicNameEn', 'Qiandao Lake');
    type('phone', '0571-64812345');
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Zhejiang (CN-ZJ)');
    await chooseArea('field-areaId-city', 'Ningbo (CN-ZJ-NB)');
    type('zoneName', 'Chun’an');
    type('address', '1 Lake Road');
    type('latitude', '29.6');
    type('closeTime', '17:00');
    type('seasons', '04-01 to 10-31');
    type('images', ' https://img.example/a.jpg \n\nhttps://img.example/b.jpg');
    type('description', 'Islands');
    type('notices', 'Life jackets on boats');
    pick('Rating', 'AAA');
    pick('State', 'Pending');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/save');
    expect(writes(calls)[0].body).toEqual({
      scenicName: '千岛湖',
      scenicNameEn: 'Qiandao Lake',
      star: 3,
      areaId: 'CN-ZJ-NB',
      zoneName: 'Chun’an',
      address: '1 Lake Road',
      longitude: 120.1,
      latitude: 29.6,
      phone: '0571-64812345',
      images: ['https://img.example/a.jpg', 'https://img.example/b.jpg'],
      openType: 2,
      openTime: '08:00',
      closeTime: '17:00',
      seasons: '04-01 to 10-31',
      description: 'Islands',
      notices: 'Life jackets on boats',
      state: 0,
    });
    await waitFor(() => expect(screen.queryByTestId('scenic-dialog')).toBeNull());
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(1));
    expect(problems).toEqual([]);
  });

  it('loads a spot and updates it with its id, coordinates and hours as loaded', async () => {
    staffUser();
    hold(PERM.scenic.update, PERM.scenic.load, ...AREA_CODES);
    const calls = serve((c) => answerAreas(c) ?? (isList(c) ? pageOf([scenic]) : c.method === 'GET' ? scenic : { scenicId: 7 }));
    renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-edit-7'));
    const dialog = await screen.findByTestId('scenic-dialog');
    // The spot's area shows as country, province and city once their lists are in.
    await waitFor(() => expect((screen.getByTestId('field-areaId-city') as HTMLInputElement).value).toBe('Hangzhou (CN-ZJ-HZ)'));
    expect((screen.getByTestId('field-areaId') as HTMLInputElement).value).toBe('China (CN)');
    expect((screen.getByTestId('field-areaId-province') as HTMLInputElement).value).toBe('Zhejiang (CN-ZJ)');
    expect(within(dialog).getByText('Change the scenic spot')).toBeTruthy();
    const load = calls.find((c) => c.url.pathname.endsWith('/scenicInfos/load')) as Call;
    expect(query(load)).toEqual({ scenicId: '7' });
    expect((screen.getByTestId('field-scenicName') as HTMLInputElement).value).toBe('西湖风景名胜区');
    type('description', 'Lakes, hills and temples');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/update');
    // What the form edits: not the dates, nor the area's names ticket-app answers beside it.
    const answeredOnly = ['createDate', 'modifyDate', 'areaName', 'areaNameEn'];
    const fields = Object.fromEntries(Object.entries(scenic).filter(([k]) => !answeredOnly.includes(k)));
    expect(writes(calls)[0].body).toEqual({ ...fields, description: 'Lakes, hills and temples' });
  });

  it("shows ticket-app's refusal under the field it names and keeps the dialog open", async () => {
    staffUser();
    hold(PERM.scenic.save);
    serveRefusing(
      (c) => (c.method === 'GET' ? pageOf([scenic]) : { scenicId: 8 }),
      (c) => (c.method === 'POST' ? { field: 'scenicName', reason: 'the tenant has a scenic spot of this name' } : null),
    );
    renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-add'));
    const dialog = await screen.findByTestId('scenic-dialog');
    type('scenicName', '西湖风景名胜区');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('the tenant has a scenic spot of this name')).toBeTruthy();
    expect(screen.getByTestId('scenic-dialog')).toBeTruthy();
  });

  it("shows ticket-app's refusal of an area under the area picker", async () => {
    staffUser();
    hold(PERM.scenic.save, ...AREA_CODES);
    const calls = serveRefusing(
      (c) => answerAreas(c) ?? (c.method === 'GET' ? pageOf([scenic]) : { scenicId: 8 }),
      (c) => (c.method === 'POST' ? { field: 'areaId', reason: 'area CN-HI-SY does not exist or is disabled' } : null),
    );
    renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-add'));
    const dialog = await screen.findByTestId('scenic-dialog');
    type('scenicName', '天涯海角');
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Hainan (CN-HI)');
    await chooseArea('field-areaId-city', 'Sanya (CN-HI-SY)');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('area CN-HI-SY does not exist or is disabled')).toBeTruthy();
    expect(writes(calls)[0].body).toMatchObject({ scenicName: '天涯海角', areaId: 'CN-HI-SY' });
    expect(screen.getByTestId('field-areaId-error').textContent).toBe('area CN-HI-SY does not exist or is disabled');
    expect(screen.getByTestId('scenic-dialog')).toBeTruthy();
  });

  it("sends a supplier's new spot and change as requests, without the state", async () => {
    supplierUser();
    hold(PERM.scenic.requestAdd, PERM.scenic.requestModify, PERM.scenic.load);
    const calls = serve((c) => (isList(c) ? pageOf([scenic]) : c.method === 'GET' ? scenic : { id: 31 }));
    const { problems } = renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-add'));
    let dialog = await screen.findByTestId('scenic-dialog');
    expect(within(dialog).getByText('Request a new scenic spot')).toBeTruthy();
    expect(screen.queryByTestId('field-state')).toBeNull();
    type('scenicName', '灵隐寺');
    fireEvent.click(within(dialog).getByText('Send the request'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/requestAdd');
    expect(writes(calls)[0].body).toMatchObject({ scenicName: '灵隐寺', state: 0, openType: 1 });
    await waitFor(() => expect(screen.queryByTestId('scenic-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('scenic-edit-7'));
    dialog = await screen.findByTestId('scenic-dialog');
    expect(within(dialog).getByText('Request a change of the scenic spot')).toBeTruthy();
    type('phone', '0571-87179604');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].method).toBe('POST');
    expect(writes(calls)[1].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/requestModify');
    expect(writes(calls)[1].body).toMatchObject({ scenicId: 7, phone: '0571-87179604', state: 1 });
    expect(problems).toEqual([]);
  });
});
