// The gate page against a stubbed ticket-app: a scan admitted in large type, the same ticket
// refused the second time with who used it, an empty code not sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, serve, setUpPageTests, writes } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import zhCN from '../../messages/zh-CN';
import { supplierUser } from '../../fixtures';
import Gate from './Gate';
import type { Redemption } from '../orders/types';

setUpPageTests();

const base: Redemption = {
  admitted: true,
  result: 'admitted',
  message: 'Admitted',
  repeat: false,
  code: 'ABCDEFGHJKMNPQRST001',
  voucherId: 701,
  orderId: 42,
  seq: 1,
  tickets: 2,
  scenicId: 11,
  scenicName: '西湖风景名胜区',
  productName: 'West Lake boat, adult',
  visitDate: '2026-12-01',
  contactName: 'Li Si',
  validFrom: '2026-12-01',
  validTo: '2026-12-01',
  usedAt: 1_764_100_000_000,
  usedBy: 2,
  usedRole: 'supplier',
  usedGate: 'North',
  orderCompleted: true,
};

const REDEEM = '/api/ticket-app/saas/ticket/ticketVoucher/redeem';

describe('the gate', () => {
  it('admits a valid code in large type, then refuses its second scan naming when, by whom and where', async () => {
    supplierUser();
    let n = 0;
    const calls = serve((c) => {
      if (c.url.pathname !== REDEEM) return { results: [{ scenicId: 11, scenicName: '西湖风景名胜区' }], sizeAll: 1, page: 1, resultNum: 500, pageCount: 1, startIndex: 0, size: 1 };
      n += 1;
      return n === 1 ? base : { ...base, admitted: false, result: 'already-used', message: 'Already used', orderCompleted: false };
    });
    const { problems } = renderPage(Gate, en, '/saas-ticket-app/scenic/ticketVoucher/redeem');
    expect(screen.getByTestId('gate-waiting')).toBeTruthy();
    fireEvent.change(screen.getByTestId('gate-code'), { target: { value: ' abcd-efgh-jkmn-pqrs-t001 ' } });
    fireEvent.change(screen.getByTestId('gate-name'), { target: { value: 'North' } });
    fireEvent.click(screen.getByTestId('gate-submit'));
    const verdict = await screen.findByTestId('gate-verdict');
    expect(verdict.getAttribute('data-admitted')).toBe('yes');
    expect(within(verdict).getByText('ADMITTED')).toBeTruthy();
    expect(within(verdict).getByText('2 people')).toBeTruthy();
    expect(within(verdict).getByText("The order's last voucher: the order is completed.")).toBeTruthy();
    const sent = writes(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0].url.pathname).toBe(REDEEM);
    const body = sent[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'abcd-efgh-jkmn-pqrs-t001', scenicId: 0, gate: 'North' });
    expect(String(body.scanId)).not.toBe('');
    // The field is emptied for the next scan.
    expect((screen.getByTestId('gate-code') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByTestId('gate-code'), { target: { value: 'ABCDEFGHJKMNPQRST001' } });
    fireEvent.submit(screen.getByTestId('gate-code').closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('gate-verdict').getAttribute('data-admitted')).toBe('no'));
    const refused = screen.getByTestId('gate-verdict');
    expect(within(refused).getByText('REFUSED')).toBeTruthy();
    expect(within(refused).getByText('Already used')).toBeTruthy();
    expect(within(refused).getByTestId('gate-used').textContent).toMatch(/^Used .* by Supplier 2 at North$/);
    // Each scan has its own id.
    expect((writes(calls)[1].body as Record<string, unknown>).scanId).not.toBe(body.scanId);
    const scans = screen.getByTestId('gate-scans');
    expect(within(scans).getAllByRole('row')).toHaveLength(3);
    expect(problems).toEqual([]);
  });

  it('asks for a code before sending anything', async () => {
    supplierUser();
    const calls = serve(() => ({ results: [], sizeAll: 0, page: 1, resultNum: 500, pageCount: 0, startIndex: 0, size: 0 }));
    renderPage(Gate, zhCN, '/saas-ticket-app/scenic/ticketVoucher/redeem');
    fireEvent.click(screen.getByTestId('gate-submit'));
    expect(await screen.findByText('请扫描或输入凭证码')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });
});
