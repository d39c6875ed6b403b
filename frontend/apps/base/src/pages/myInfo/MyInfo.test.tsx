// My info against a stubbed saas-main: the tenant's and a merchant's own information.
import { screen, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import TenantInfo from './TenantInfo';
import MerchantInfo from './MerchantInfo';
import type { MchSummary } from './types';
import type { TenantRow } from '../platform/types';
import { renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

setUpPageTests();

describe('my info', () => {
  it("shows the tenant's own information", async () => {
    staffHolding();
    const t: TenantRow = {
      saasId: 1,
      saasName: 'Demo Travel',
      saasLogo: '',
      companyName: 'Demo Travel Ltd',
      payMode: 1,
      payServiceFee: 6,
      creditFee: 15,
      currency: 'CNY',
      language: 'zh-cn',
      contactName: 'Ann',
      contactMobile: '13800000000',
      contactEmail: '',
      domain: 'demo.example.com',
      saasExpireDate: 1_767_225_600_000,
      state: 1,
      saasType: 1,
      remarks: '',
      createDate: 1_767_225_600_000,
      modifyDate: 1_767_225_600_000,
    };
    const calls = serve(() => t);
    const { problems } = renderPage(TenantInfo, en);
    const fields = await screen.findByTestId('tenant-fields');
    expect(within(fields).getByText('Demo Travel Ltd')).toBeTruthy();
    expect(within(fields).getByText('Trial')).toBeTruthy();
    expect(within(fields).getByText('Chinese')).toBeTruthy();
    expect(screen.getByText('6‰')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/myInfo/saasInfo/load');
    expect(problems).toEqual([]);
  });

  it("shows a merchant user's own merchant, asked by its id", async () => {
    session.setUser({ id: 2, username: 'supplier', saasId: 1, mchId: 2001, mscType: 311 }, null);
    const mine: MchSummary = {
      mchId: 2001,
      mchType: 1,
      mchName: 'Sunrise Hotels',
      mchCurrency: 'CNY',
      state: 1,
      grade: 2,
      contactName: 'Li Lei',
      contactMobile: '13800000000',
      contactEmail: 'li@example.com',
      language: 'en',
      isWhitelist: false,
      withdrawFee: 3,
      isWithdraw: true,
      withdrawLimit: 40,
      isConfirmOrder: true,
      isDisplayStock: false,
      creditUsed: 12_345,
      creditPermanent: 500_000,
      creditTemporary: 0,
      supplierOrderManage: false,
      presaleVisible: true,
      groupPurchase: false,
      createDate: 1_767_225_600_000,
      modifyDate: 1_767_225_600_000,
    };
    const calls = serve(() => mine);
    const { problems } = renderPage(MerchantInfo, en);
    const fields = await screen.findByTestId('merchant-info-fields');
    expect(within(fields).getByText('Sunrise Hotels')).toBeTruthy();
    expect(within(fields).getByText('Supplier')).toBeTruthy();
    const terms = screen.getByTestId('merchant-info-terms');
    expect(within(terms).getByText('5000.00')).toBeTruthy();
    expect(within(terms).getByText('123.45')).toBeTruthy();
    expect(within(terms).getByText('40%')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/myInfo/saasMchInfo/load');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ mchId: '2001' });
    expect(problems).toEqual([]);
  });
});
