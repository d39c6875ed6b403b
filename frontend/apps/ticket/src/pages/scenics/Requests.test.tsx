// Scenic requests, suppliers of spots and the system spots against a stubbed ticket-app: the
// lists and filters, approving and rejecting with a remark, accepting, stopping and resuming a
// supplier, a supplier applying to supply a spot.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import RequestList from './RequestList';
import ScenicSupplierList from './ScenicSupplierList';
import SystemScenicList, { mayApplyFrom } from './SystemScenicList';
import { answerAreas, AREA_CODES, chooseArea, lastGet, pageOf, pick, query, renderPage, serve, setUpPageTests, writes } from '@tradewind/shared/src/testing';
import { hold, scenic, scenicRequest, scenicSupplier, staffUser, supplierUser } from '../../fixtures';

setUpPageTests();

describe('scenic requests', () => {
  it('lists the requests with the spot asked for, filtered by state and kind, and shows every field asked', async () => {
    const calls = serve(() => pageOf([scenicRequest]));
    const { problems } = renderPage(RequestList, en);
    expect(await screen.findByText('灵隐寺')).toBeTruthy();
    for (const text of ['New spot', 'Sunrise Tickets', 'Pending']) expect(screen.getByText(text)).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicRequests/list');
    pick('State', 'Rejected');
    pick('Request', 'Change');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', state: '2', kind: '2' }));

    fireEvent.click(screen.getByTestId('request-view-31'));
    const asked = await screen.findByTestId('request-fields');
    for (const text of ['Lingyin Temple', 'AAAAA', 'West Lake district', '120.15, 30.25', 'Open all year', '08:00-17:30', 'No swimming']) {
      expect(within(asked).getByText(text)).toBeTruthy();
    }
    // Without the decision codes a request is only read.
    expect(screen.queryByTestId('request-approve-31')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('approves and rejects a pending request with the remark the supplier sees', async () => {
    staffUser();
    hold(PERM.scenicRequest.approve, PERM.scenicRequest.reject);
    const calls = serve((c) => (c.method === 'GET' ? pageOf([scenicRequest, { ...scenicRequest, id: 32, state: 1 }]) : scenicRequest));
    renderPage(RequestList, en);
    fireEvent.click(await screen.findByTestId('request-approve-31'));
    expect(screen.queryByTestId('request-approve-32')).toBeNull();
    let dialog = await screen.findByTestId('request-decision');
    expect(within(dialog).getByText('Approve this request? The scenic spot is listed or changed as asked.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicRequests/approve');
    expect(writes(calls)[0].body).toEqual({ id: 31, remark: '' });
    await waitFor(() => expect(screen.queryByTestId('request-decision')).toBeNull());

    fireEvent.click(screen.getByTestId('request-reject-31'));
    dialog = await screen.findByTestId('request-decision');
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: ' Already listed ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicRequests/reject');
    expect(writes(calls)[1].body).toEqual({ id: 31, remark: 'Already listed' });
  });
});

describe('scenic spot suppliers', () => {
  it("opens on the spot the URL names and offers the staff each state's changes", async () => {
    staffUser();
    hold(PERM.scenicSupplier.changeState);
    const rows = [scenicSupplier, { ...scenicSupplier, id: 42, state: 1 }, { ...scenicSupplier, id: 43, state: 2 }];
    const calls = serve((c) => (c.method === 'GET' ? pageOf(rows) : scenicSupplier));
    const { problems } = renderPage(ScenicSupplierList, en, '/saas-ticket-app/scenic/scenicSuppliers/list?scenicId=7');
    expect(await screen.findByTestId('scenic-supplier-accept-41')).toBeTruthy();
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', scenicId: '7' });
    expect(screen.getByTestId('scenic-supplier-stop-41')).toBeTruthy();
    expect(screen.queryByTestId('scenic-supplier-accept-42')).toBeNull();
    expect(screen.getByTestId('scenic-supplier-stop-42')).toBeTruthy();
    expect(screen.getByTestId('scenic-supplier-resume-43')).toBeTruthy();
    expect(screen.queryByTestId('scenic-supplier-stop-43')).toBeNull();

    fireEvent.click(screen.getByTestId('scenic-supplier-stop-42'));
    const dialog = await screen.findByTestId('scenic-supplier-change');
    expect(within(dialog).getByText('Stop this supplier supplying the scenic spot?')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Contract ended' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicSuppliers/changeState');
    expect(writes(calls)[0].body).toEqual({ id: 42, state: 2, remark: 'Contract ended' });
    expect(problems).toEqual([]);
  });

  it('shows a supplier its own relationships without changes', async () => {
    supplierUser();
    hold(PERM.scenicSupplier.changeState);
    serve(() => pageOf([scenicSupplier]));
    renderPage(ScenicSupplierList, en);
    expect(await screen.findByText('西湖风景名胜区 (7)')).toBeTruthy();
    expect(screen.queryByTestId('scenic-supplier-accept-41')).toBeNull();
  });
});

describe('system scenic spots', () => {
  it('lets a supplier apply to supply a spot it has no relationship with, or was stopped on', async () => {
    supplierUser();
    hold(PERM.scenicSupplier.apply, ...AREA_CODES);
    const rows = [
      { ...scenic, supplierState: -1, productCount: 0 },
      { ...scenic, scenicId: 8, scenicName: '千岛湖风景区', supplierState: 1, productCount: 3 },
    ];
    const calls = serve((c) => answerAreas(c) ?? (c.method === 'GET' ? pageOf(rows) : scenicSupplier));
    const { problems } = renderPage(SystemScenicList, en);
    expect(await screen.findByText('Not applied')).toBeTruthy();
    expect(screen.getByText('Cooperating')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/listForScenic');
    expect(screen.queryByTestId('scenic-apply-8')).toBeNull();
    pick('My relationship', 'Stopped');
    await chooseArea('system-scenics-area', 'China (CN)');
    await chooseArea('system-scenics-area-province', 'Zhejiang (CN-ZJ)');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', supplierState: '2', areaId: 'CN-ZJ' }));

    fireEvent.click(screen.getByTestId('scenic-apply-7'));
    expect(await screen.findByText('Apply to supply 西湖风景名胜区? The operator accepts or refuses.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/ticket/scenicSuppliers/apply');
    expect(writes(calls)[0].body).toEqual({ scenicId: 7 });
    expect(problems).toEqual([]);
  });

  it('applies from no relationship or a stopped one only', () => {
    expect([-1, 0, 1, 2].filter(mayApplyFrom)).toEqual([-1, 2]);
  });

  it("shows the staff the spots without a supplier's relationship", async () => {
    staffUser();
    serve(() => pageOf([{ ...scenic, supplierState: -1, productCount: 0 }]));
    renderPage(SystemScenicList, en);
    await screen.findByText('西湖风景名胜区');
    expect(screen.queryByText('My relationship')).toBeNull();
  });
});
