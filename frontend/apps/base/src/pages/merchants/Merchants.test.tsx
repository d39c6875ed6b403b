// The suppliers and distributors against a stubbed saas-main: the lists, the dialog's rules and
// bodies, the detail.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import SupplierList from './SupplierList';
import DistributorList from './DistributorList';
import type { Merchant, MerchantRow } from './types';
import { lastGet, pageOf, pick, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const merchant: MerchantRow = {
  mchId: 2001,
  mchName: 'Sunrise Hotels',
  grade: 1,
  contactName: 'Bob',
  contactMobile: '13900000000',
  contactEmail: '',
  currency: 'CNY',
  creditUsed: 12_345,
  creditPermanent: 1_000_000,
  creditTemporary: 0,
  state: 1,
  createDate: 1_767_225_600_000,
};

setUpPageTests();

describe('merchants', () => {
  it('lists suppliers with credits in yuan', async () => {
    const calls = serve(() => pageOf([merchant]));
    const { problems } = renderPage(SupplierList, en);
    expect(await screen.findByText('Sunrise Hotels')).toBeTruthy();
    expect(screen.getByText('10000.00')).toBeTruthy();
    expect(screen.getByText('123.45')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(screen.getByTestId('base-suppliers-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/list');
    expect(problems).toEqual([]);
  });

  it('lists distributors by name and state', async () => {
    const calls = serve(() => pageOf([merchant]));
    const { problems } = renderPage(DistributorList, en);
    await screen.findByText('Sunrise Hotels');
    fireEvent.change(screen.getByTestId('merchants-name'), { target: { value: 'Sun' } });
    pick('State', 'Stopped');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mchName')).toBe('Sun'));
    expect(lastGet(calls).url.pathname).toBe('/api/saas-main/saas/merchant/distributorInfos/list');
    expect(lastGet(calls).url.searchParams.get('state')).toBe('2');
    expect(problems).toEqual([]);
  });
});

describe('merchant dialog and detail', () => {
  const full: Merchant = {
    ...merchant,
    saasId: 1,
    mchType: 1,
    isWhitelist: false,
    language: 'en',
    withdrawFee: 2,
    isWithdraw: true,
    withdrawLimit: 50,
    isConfirmOrder: true,
    isDisplayStock: false,
    priceCodexPurchase: '',
    priceCodexDistribution: '',
    priceCodexRetail: '',
    supplierOrderManage: false,
    presaleVisible: false,
    groupPurchase: false,
    remarks: 'prefers mail',
    modifyDate: 1_767_225_600_000,
  };
  const codes = ['/saas/merchant/supplierInfos/save:POST', '/saas/merchant/supplierInfos/update:PUT', '/saas/merchant/supplierInfos/load:GET'];
  const answer = (c: Call) => (c.method === 'POST' ? { mchId: 2002 } : c.method === 'PUT' ? full : c.url.pathname.endsWith('/load') ? full : pageOf([merchant]));

  it('asks for the name and checks the phone, sending nothing', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    expect(screen.getByText('Add supplier')).toBeTruthy();
    type('field-contactMobile', '12');
    type('field-currency', 'cny');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(screen.getByText('Wrong phone format!')).toBeTruthy();
    expect(screen.getByText('A 3-letter currency code such as CNY')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('adds a supplier, credit not among its fields', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    type('field-mchName', ' Harbour Inn ');
    type('field-contactMobile', '0571-88886666');
    expect(screen.queryByTestId('field-creditPermanent')).toBeNull();
    expect(screen.queryByTestId('merchant-credit')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/save');
    expect(writes(calls)[0].body).toEqual({
      mchName: 'Harbour Inn',
      grade: 0,
      contactName: '',
      contactMobile: '0571-88886666',
      contactEmail: '',
      isWhitelist: false,
      currency: 'CNY',
      language: 'zh-cn',
      withdrawFee: 0,
      isWithdraw: false,
      withdrawLimit: 0,
      isConfirmOrder: false,
      isDisplayStock: false,
      priceCodexPurchase: '',
      priceCodexDistribution: '',
      priceCodexRetail: '',
      supplierOrderManage: false,
      presaleVisible: false,
      groupPurchase: false,
      state: 1,
      remarks: '',
    });
  });

  it("puts the server's reason under the merchant name", async () => {
    staffHolding(...codes);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'mchName', reason: 'a merchant of this name exists' } : null));
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    type('field-mchName', 'Sunrise Hotels');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('a merchant of this name exists')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect(screen.getByTestId('merchant-dialog')).toBeTruthy();
  });

  it('changes a supplier as loaded, never sending credit', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-edit-2001'));
    await waitFor(() => expect((screen.getByTestId('field-mchName') as HTMLInputElement).value).toBe('Sunrise Hotels'));
    expect(calls.find((c) => c.url.pathname.endsWith('/supplierInfos/load'))?.url.searchParams.get('mchId')).toBe('2001');
    type('field-remarks', 'ships by courier');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/update');
    expect(writes(calls)[0].body).toMatchObject({
      mchId: 2001,
      mchName: 'Sunrise Hotels',
      language: 'en',
      withdrawFee: 2,
      withdrawLimit: 50,
      isWithdraw: true,
      remarks: 'ships by courier',
    });
    for (const key of ['creditUsed', 'creditPermanent', 'creditTemporary']) expect(Object.keys(writes(calls)[0].body as object)).not.toContain(key);
  });

  it("shows a distributor's credit from finance read-only, with the way to change it", async () => {
    staffHolding('/saas/merchant/distributorInfos/update:PUT', '/saas/merchant/distributorInfos/load:GET');
    const distributor: Merchant = { ...full, mchType: 2, creditTemporary: 50_000 };
    const calls = serve((c) => (c.method === 'PUT' ? distributor : c.url.pathname.endsWith('/load') ? distributor : pageOf([merchant])));
    renderPage(DistributorList, en);
    fireEvent.click(await screen.findByTestId('merchant-edit-2001'));
    const credit = await screen.findByTestId('merchant-credit');
    await waitFor(() => expect(credit.textContent).toContain('permanent 10000.00, temporary 500.00, used 123.45'));
    expect(screen.getByTestId('merchant-credit-limits').getAttribute('href')).toBe('/saas-app/finance/credit/list');
    expect(screen.queryByTestId('field-creditPermanent')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/merchant/distributorInfos/update');
    expect(Object.keys(writes(calls)[0].body as object)).not.toContain('creditPermanent');
  });

  it('shows a supplier read-only from load', async () => {
    staffHolding('/saas/merchant/supplierInfos/load:GET');
    const calls = serve(answer);
    const { problems } = renderPage(SupplierList, en);
    expect(screen.queryByTestId('merchant-add')).toBeNull();
    fireEvent.click(await screen.findByTestId('merchant-view-2001'));
    const detail = await screen.findByTestId('merchant-fields');
    expect(within(detail).getByText('prefers mail')).toBeTruthy();
    expect(within(detail).getByText('123.45')).toBeTruthy();
    expect(within(detail).getByText('English')).toBeTruthy();
    expect(within(detail).getByText('50%')).toBeTruthy();
    expect(screen.queryByTestId('merchant-edit-2001')).toBeNull();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
