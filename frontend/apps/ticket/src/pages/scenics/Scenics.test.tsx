// Scenic spots against a stubbed ticket-app: the list and its filters, the form's rules and
// bodies, changing a loaded spot, ticket-app's 412 under its field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import ScenicList from './ScenicList';
import { lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { hold, scenic, staffUser, supplierUser } from '../../fixtures';

setUpPageTests();

const isList = (c: Call) => c.url.pathname === '/api/ticket-app/saas/ticket/scenicInfos/list';

describe('scenic spots', () => {
  it('lists the spots with their rating and state, filtered by name, rating and state', async () => {
    const calls = serve(() => pageOf([scenic]));
    const { problems } = renderPage(ScenicList, en);
    expect(await screen.findByText('西湖风景名胜区')).toBeTruthy();
    expect(screen.getByText('West Lake Scenic Area')).toBeTruthy();
    expect(screen.getByText('AAAAA')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('scenics-name'), { target: { value: ' Lake ' } });
    pick('Rating', 'AAAA');
    pick('State', 'Stopped');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', scenicName: 'Lake', star: '4', state: '2' }));
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });

  it('offers no add or change to a user without their codes (a supplier reads)', async () => {
    supplierUser();
    hold(PERM.scenic.list, PERM.scenic.load);
    serve(() => pageOf([scenic]));
    renderPage(ScenicList, en);
    await screen.findByText('西湖风景名胜区');
    expect(screen.queryByTestId('scenic-add')).toBeNull();
    expect(screen.queryByTestId('scenic-edit-7')).toBeNull();
  });

  it('checks a new spot and saves every field', async () => {
    staffUser();
    hold(PERM.scenic.save);
    const calls = serve((c) => (c.method === 'GET' ? pageOf([scenic]) : { scenicId: 8 }));
    const { problems } = renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-add'));
    const dialog = await screen.findByTestId('scenic-dialog');
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: 'call me' } });
    fireEvent.change(screen.getByTestId('field-scenicNameEn'), { target: { value: 'x'.repeat(65) } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Scenic spot name')).toBeTruthy();
    expect(within(dialog).getByText('Wrong phone format!')).toBeTruthy();
    expect(within(dialog).getByText('The length is 0 to 64 characters')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-scenicName'), { target: { value: ' 千岛湖 ' } });
    fireEvent.change(screen.getByTestId('field-scenicNameEn'), { target: { value: 'Qiandao Lake' } });
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '0571-64812345' } });
    fireEvent.change(screen.getByTestId('field-address'), { target: { value: 'Chun’an' } });
    fireEvent.change(screen.getByTestId('field-description'), { target: { value: 'Islands' } });
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
      address: 'Chun’an',
      phone: '0571-64812345',
      description: 'Islands',
      state: 0,
    });
    await waitFor(() => expect(screen.queryByTestId('scenic-dialog')).toBeNull());
    // The list is asked again.
    await waitFor(() => expect(calls.filter(isList).length).toBeGreaterThan(1));
    expect(problems).toEqual([]);
  });

  it('loads a spot and updates it with its id', async () => {
    staffUser();
    hold(PERM.scenic.update, PERM.scenic.load);
    const calls = serve((c) => (isList(c) ? pageOf([scenic]) : c.method === 'GET' ? scenic : { scenicId: 7 }));
    renderPage(ScenicList, en);
    fireEvent.click(await screen.findByTestId('scenic-edit-7'));
    const dialog = await screen.findByTestId('scenic-dialog');
    expect(within(dialog).getByText('Change the scenic spot')).toBeTruthy();
    const load = calls.find((c) => c.url.pathname.endsWith('/scenicInfos/load')) as Call;
    expect(query(load)).toEqual({ scenicId: '7' });
    expect((screen.getByTestId('field-scenicName') as HTMLInputElement).value).toBe('西湖风景名胜区');
    fireEvent.change(screen.getByTestId('field-description'), { target: { value: 'Lakes, hills and temples' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicInfos/update');
    expect(writes(calls)[0].body).toEqual({
      scenicId: 7,
      scenicName: '西湖风景名胜区',
      scenicNameEn: 'West Lake Scenic Area',
      star: 5,
      address: '1 Longjing Road, Hangzhou',
      phone: '0571-87179603',
      description: 'Lakes, hills and temples',
      state: 1,
    });
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
    fireEvent.change(screen.getByTestId('field-scenicName'), { target: { value: '西湖风景名胜区' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('the tenant has a scenic spot of this name')).toBeTruthy();
    expect(screen.getByTestId('scenic-dialog')).toBeTruthy();
  });
});
