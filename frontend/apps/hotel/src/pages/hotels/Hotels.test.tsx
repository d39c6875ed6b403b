// Hotels, their rooms and the suppliers' requests against a stubbed hotel-app: the lists, the
// forms' rules and bodies, approving and rejecting.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM, session } from '@tradewind/shared';
import en from '../../messages/en';
import HotelList from './HotelList';
import RoomList from './RoomList';
import type { HotelFull, HotelRow } from './types';
import RequestList from './RequestList';
import { answerAreas, AREA_CODES, chooseArea, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { room, zoneTree, isZoneTree, hold, staffUser, merchantUser } from '../../fixtures';

const hotel: HotelRow = {
  id: 11,
  name: 'Lakeside Hotel',
  nameEn: 'Lakeside',
  star: 8,
  zoneId: 3,
  zoneName: 'Hangzhou',
  address: '1 West Lake Road',
  phone: '0571-12345678',
  roomNum: 120,
  state: 1,
  createDate: 1_767_225_600_000,
};

const hotelFull: HotelFull = {
  ...hotel,
  areaId: 'CN-HI',
  postCode: '572000',
  fax: '',
  images: ['https://img.example/a.jpg'],
  openDate: '2010-01-01',
  checkinTime: '14:00',
  checkoutTime: '12:00',
  longitude: 109.5,
  latitude: 18.2,
  timeZone: 'Asia/Shanghai',
  serviceDesc: 'Pool',
};

setUpPageTests();

describe('hotels', () => {
  it('lists the hotels with their star rating, filtered by name, star and state', async () => {
    const calls = serve(() => pageOf([hotel]));
    const { problems } = renderPage(HotelList, en);
    expect(await screen.findByText('Lakeside Hotel')).toBeTruthy();
    expect(screen.getByText('Five-star')).toBeTruthy();
    expect(screen.getByTestId('hotel-hotels-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('hotels-name'), { target: { value: 'Lake' } });
    pick('Star rating', 'Upscale');
    pick('State', 'Disabled');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', name: 'Lake', star: '5', state: '0' }));
    expect(problems).toEqual([]);
  });
});

describe('hotel rooms', () => {
  it("links each hotel to its rooms for a user who may list them, and only then", async () => {
    session.setPermissions([{ permCode: '/saas/hotel/rooms/list:GET', appId: 1 }]);
    serve(() => pageOf([hotel]));
    const { problems } = renderPage(HotelList, en);
    const link = await screen.findByTestId('hotel-rooms-11');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/hotel/rooms?hotelId=11');
    expect(link.textContent).toBe('View rooms');
    expect(problems).toEqual([]);
  });

  it('shows no rooms link without the rooms code', async () => {
    serve(() => pageOf([hotel]));
    renderPage(HotelList, en);
    await screen.findByText('Lakeside Hotel');
    expect(screen.queryByTestId('hotel-rooms-11')).toBeNull();
  });

  it('lists the rooms of the hotel the URL names, another when asked, and Reset goes back', async () => {
    const calls = serve(() => pageOf([room]));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms?hotelId=11');
    expect(await screen.findByText('King room')).toBeTruthy();
    expect(screen.getByTestId('hotel-rooms-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/rooms/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', hotelId: '11' });
    for (const text of ['5-8', 'Yes', 'No', 'Some rooms have one', 'Disabled']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect((screen.getByTestId('rooms-hotel-id') as HTMLInputElement).value).toBe('11');
    expect(screen.getByTestId('rooms-back').getAttribute('href')).toBe('/saas-hotel-app/hotel/list');

    fireEvent.change(screen.getByTestId('rooms-hotel-id'), { target: { value: '1x2' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', hotelId: '12' }));

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', hotelId: '11' }));
    expect(problems).toEqual([]);
  });

  it('asks for a hotel when none is named, without calling', async () => {
    const calls = serve(() => pageOf([room]));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms');
    expect(await screen.findByText('No hotel was chosen: open its rooms from the hotel list, or enter a hotel ID.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

describe('hotel form', () => {
  it('checks the new hotel and saves it for the staff', async () => {
    staffUser();
    hold('/saas/hotel/hotelInfos/save:POST', PERM.zone.tree, ...AREA_CODES);
    const calls = serve((c) => answerAreas(c) ?? (isZoneTree(c) ? zoneTree : c.method === 'GET' ? pageOf([hotel]) : hotelFull));
    const { problems } = renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-add'));
    const dialog = await screen.findByTestId('hotel-dialog');
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('field-checkinTime'), { target: { value: '25:00' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Hotel name')).toBeTruthy();
    expect(within(dialog).getByText('Wrong phone format!')).toBeTruthy();
    expect(within(dialog).getByText('A time as HH:MM')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-name'), { target: { value: ' Harbour Inn ' } });
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '0898-88886666' } });
    fireEvent.change(screen.getByTestId('field-checkinTime'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByTestId('field-roomNum'), { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('field-images'), { target: { value: 'https://img.example/1.jpg\n\nhttps://img.example/2.jpg' } });
    pick('Star rating', 'Four-star');
    // Zones are picked from the tree under their path; a disabled one is not offered.
    await waitFor(() => expect(calls.some(isZoneTree)).toBe(true));
    await waitFor(() =>
      expect(optionsOf('Zone')).toEqual(['None', 'Zhejiang', 'Zhejiang / Hangzhou', 'Zhejiang / Hangzhou / West Lake', 'Hainan', 'Hainan / Sanya']),
    );
    pick('Zone', 'Hainan / Sanya');
    // The area: a country, then a province of it (no city: the province is the area).
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Hainan (CN-HI)');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/save');
    expect(writes(calls)[0].body).toEqual({
      areaId: 'CN-HI',
      longitude: null,
      latitude: null,
      timeZone: '',
      name: 'Harbour Inn',
      nameEn: '',
      star: 6,
      zoneId: 6,
      address: '',
      postCode: '',
      phone: '0898-88886666',
      fax: '',
      roomNum: 80,
      openDate: '',
      checkinTime: '15:00',
      checkoutTime: '12:00',
      images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
      serviceDesc: '',
      state: 1,
    });
    expect(problems).toEqual([]);
  });

  it('loads a hotel and updates it, keeping what the form does not show and the area it has', async () => {
    staffUser();
    hold('/saas/hotel/hotelInfos/update:PUT', PERM.zone.tree, ...AREA_CODES);
    const calls = serve((c) => answerAreas(c) ?? (isZoneTree(c) ? zoneTree : c.url.pathname.endsWith('/list') ? pageOf([hotel]) : hotelFull));
    renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-edit-11'));
    const dialog = await screen.findByTestId('hotel-dialog');
    const load = calls.find((c) => c.url.pathname.endsWith('/hotelInfos/load')) as Call;
    expect(query(load)).toEqual({ hotelId: '11' });
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Lakeside Hotel');
    // The hotel's zone shows by its path once the tree is in.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Zone' }).textContent).toBe('Zhejiang / Hangzhou'));
    // Its area (CN-HI) shows as country and province by name once their lists are in.
    await waitFor(() => expect((screen.getByTestId('field-areaId-province') as HTMLInputElement).value).toBe('Hainan (CN-HI)'));
    expect((screen.getByTestId('field-areaId') as HTMLInputElement).value).toBe('China (CN)');
    expect((screen.getByTestId('field-areaId-city') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByTestId('field-serviceDesc'), { target: { value: 'Pool, spa' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/update');
    expect(writes(calls)[0].body).toMatchObject({ hotelId: 11, name: 'Lakeside Hotel', serviceDesc: 'Pool, spa', longitude: 109.5, latitude: 18.2, timeZone: 'Asia/Shanghai', areaId: 'CN-HI', star: 8, zoneId: 3 });
  });

  it('sends a supplier\'s new hotel and changes as requests', async () => {
    merchantUser(1);
    hold('/saas/hotel/hotelInfos/requestAdd:POST', '/saas/hotel/hotelInfos/requestModify:POST');
    const calls = serve((c) => (c.url.pathname.endsWith('/list') ? pageOf([hotel]) : hotelFull));
    const { problems } = renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-add'));
    let dialog = await screen.findByTestId('hotel-dialog');
    expect(within(dialog).getByText('Request a new hotel')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Harbour Inn' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/requestAdd');
    await waitFor(() => expect(screen.queryByTestId('hotel-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('hotel-edit-11'));
    dialog = await screen.findByTestId('hotel-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/requestModify');
    expect(writes(calls)[1].body).toMatchObject({ hotelId: 11, name: 'Lakeside Hotel' });
    expect(problems).toEqual([]);
  });
});

describe('room form', () => {
  it('adds a room to the hotel of the page with the exact body, after its rules', async () => {
    hold('/saas/hotel/rooms/save:POST', '/saas/hotel/rooms/update:PUT');
    const calls = serve((c) => (c.url.pathname.endsWith('/rooms/list') ? pageOf([room]) : room));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms?hotelId=11');
    fireEvent.click(await screen.findByTestId('room-add'));
    const dialog = await screen.findByTestId('room-dialog');
    fireEvent.change(screen.getByTestId('field-maxGuests'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Name')).toBeTruthy();
    expect(within(dialog).getByText('1 to 20 guests')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Twin room' } });
    fireEvent.change(screen.getByTestId('field-maxGuests'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('field-area'), { target: { value: '28' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/rooms/save');
    expect(writes(calls)[0].body).toEqual({
      hotelId: 11,
      name: 'Twin room',
      bedType: 0,
      roomType: 0,
      area: '28',
      floor: '',
      maxGuests: 3,
      addBed: 0,
      broadband: '1',
      window: 1,
      state: 1,
    });
    await waitFor(() => expect(screen.queryByTestId('room-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('room-edit-5'));
    const edit = await screen.findByTestId('room-dialog');
    expect(query(calls.find((c) => c.url.pathname.endsWith('/rooms/load')) as Call)).toEqual({ roomId: '5' });
    fireEvent.click(within(edit).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].method).toBe('PUT');
    expect(writes(calls)[1].body).toEqual({ roomId: 5, name: 'King room', bedType: 2, roomType: 1, area: '35', floor: '5-8', maxGuests: 2, addBed: 1, broadband: '0', window: 2, state: 0 });
    expect(problems).toEqual([]);
  });
});

describe('hotel requests', () => {
  const request = {
    id: 8,
    mchId: 2001,
    mchName: 'Sunrise Hotels',
    kind: 1,
    hotelId: 0,
    hotel: { name: 'Harbour Inn', address: '2 Pier Road' },
    state: 0,
    remark: '',
    createDate: 1_767_225_600_000,
    decideDate: 0,
  };

  it('lists the requests, filtered by state and kind', async () => {
    const calls = serve(() => pageOf([request, { ...request, id: 9, kind: 2, hotelId: 11, state: 2, remark: 'duplicate' }]));
    const { problems } = renderPage(RequestList, en);
    expect(await screen.findByText('Harbour Inn')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Harbour Inn (11)')).toBeTruthy();
    expect(screen.queryByTestId('request-approve-8')).toBeNull();
    pick('State', 'Pending');
    pick('Request', 'Change a hotel');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', state: '0', kind: '2' }));
    expect(problems).toEqual([]);
  });

  it('approves and rejects a pending request after asking, with a remark', async () => {
    hold('/saas/hotel/hotelRequests/approve:PUT', '/saas/hotel/hotelRequests/reject:PUT');
    const calls = serve((c) => (c.method === 'GET' ? pageOf([request, { ...request, id: 9, state: 1 }]) : request));
    renderPage(RequestList, en);
    fireEvent.click(await screen.findByTestId('request-approve-8'));
    expect(screen.queryByTestId('request-approve-9')).toBeNull();
    let dialog = await screen.findByTestId('request-decision');
    expect(within(dialog).getByText('Approve this request? The hotel is created or changed as asked.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/approve');
    expect(writes(calls)[0].body).toEqual({ id: 8, remark: '' });
    await waitFor(() => expect(screen.queryByTestId('request-decision')).toBeNull());

    fireEvent.click(screen.getByTestId('request-reject-8'));
    dialog = await screen.findByTestId('request-decision');
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: ' already listed ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/reject');
    expect(writes(calls)[1].body).toEqual({ id: 8, remark: 'already listed' });
  });
});
