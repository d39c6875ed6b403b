// A ticket order's vouchers on its detail page against a stubbed ticket-app: the list, the QR
// images and the PDF download.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { query, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import { hold, supplierUser, ticketOrder } from '../../fixtures';
import OrderDetail from './OrderDetail';
import type { TicketVoucher } from './types';

setUpPageTests();

const voucher = (seq: number, extra: Partial<TicketVoucher> = {}): TicketVoucher => ({
  voucherId: 700 + seq,
  orderId: 42,
  seq,
  code: `ABCDEFGHJKMNPQRST00${seq}`.slice(0, 20),
  codeGrouped: `ABCD-EFGH-JKMN-PQRS-T00${seq}`,
  tickets: 1,
  state: 0,
  validFrom: '2026-12-01',
  validTo: '2026-12-01',
  usedAt: 0,
  usedBy: 0,
  usedRole: '',
  usedGate: '',
  createDate: 1_764_000_000_000,
  ...extra,
});

const VOUCHERS = '/api/ticket-app/saas/order/ticketVoucher/list';

describe('ticket order vouchers', () => {
  it('lists the vouchers with their QR codes and state, and downloads them as a PDF', async () => {
    supplierUser();
    hold('/saas/order/ticketVoucher/list:GET', '/saas/order/ticketVoucher/qr:GET', '/saas/order/ticketVoucher/pdf:GET');
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), `blob:${created.length}`), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const used = voucher(2, { state: 1, usedAt: 1_764_100_000_000, usedBy: 2, usedRole: 'supplier', usedGate: 'North' });
    const calls = serve((c) => (c.url.pathname === VOUCHERS ? [voucher(1), used] : { ...ticketOrder, orderState: 1 }));
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    const table = await screen.findByTestId('order-vouchers');
    await within(table).findByText('ABCD-EFGH-JKMN-PQRS-T001');
    expect(within(table).getByText('Valid')).toBeTruthy();
    expect(within(table).getByText('Used')).toBeTruthy();
    expect(within(table).getByText(/by Supplier 2 at North$/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('voucher-qr-701').getAttribute('src')).toMatch(/^blob:/));
    const qr = calls.filter((c) => c.url.pathname.endsWith('/ticketVoucher/qr'));
    expect(qr.map((c) => query(c))).toEqual([{ voucherId: '701' }, { voucherId: '702' }]);
    expect(query(calls.find((c) => c.url.pathname === VOUCHERS)!)).toEqual({ orderId: '42' });

    fireEvent.click(screen.getByTestId('voucher-pdf'));
    await waitFor(() => expect(clicked).toEqual(['vouchers-42.pdf']));
    const pdf = calls.find((c) => c.url.pathname.endsWith('/ticketVoucher/pdf'));
    expect(pdf && query(pdf)).toEqual({ orderId: '42' });
    click.mockRestore();
    expect(problems).toEqual([]);
  });

  it('offers no PDF before the order has vouchers, and shows none to one without the code', async () => {
    supplierUser();
    hold('/saas/order/ticketVoucher/list:GET', '/saas/order/ticketVoucher/pdf:GET');
    serve((c) => (c.url.pathname === VOUCHERS ? [] : ticketOrder));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    await screen.findByTestId('order-vouchers');
    expect(screen.queryByTestId('voucher-pdf')).toBeNull();
  });
});
