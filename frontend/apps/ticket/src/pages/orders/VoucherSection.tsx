// A ticket order's vouchers on its detail page: GET /saas/order/ticketVoucher/list?orderId= (none
// before the order is confirmed), each with its code as printed, the people it admits, its state,
// the days it admits on and, once used, when, by whom and at which gate; its QR code image
// (GET .../qr?voucherId=, a PNG) and the whole order's vouchers as a PDF document
// (GET .../pdf?orderId=, one page a voucher), both binary downloads through the API client.
import { useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import { api, dateTime, PERM, saveFile, Section, SimpleTable, useEnumLabel, useHolds, type SimpleColumn } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { VOUCHER_STATE, LOG_ROLE } from '../../enums';
import type { TicketOrder, TicketVoucher } from './types';

const V = 'ticket.vouchers';

export function VoucherSection({ order, generation }: { order: TicketOrder; generation: number }) {
  const label = useEnumLabel();
  const mayPdf = useHolds(PERM.ticketVoucher.pdf);
  const mayQr = useHolds(PERM.ticketVoucher.qr);
  const [vouchers, setVouchers] = useState<TicketVoucher[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .get<TicketVoucher[]>('ticket-app', '/saas/order/ticketVoucher/list', { query: { orderId: order.orderId } })
      .then((vs) => live && setVouchers(vs))
      .catch(() => live && setVouchers([]));
    return () => {
      live = false;
    };
  }, [order.orderId, generation]);
  const downloadPdf = async () => {
    setBusy(true);
    try {
      const pdf = await api.get<Blob>('ticket-app', '/saas/order/ticketVoucher/pdf', { query: { orderId: order.orderId }, binary: true });
      saveFile(pdf, `vouchers-${order.orderId}.pdf`);
    } catch {
      // The API client has told the user why (412 no-voucher ...).
    } finally {
      setBusy(false);
    }
  };
  const used = (v: TicketVoucher) =>
    v.usedAt > 0 ? (
      <FormattedMessage id={`${V}.usedBy`} values={{ when: dateTime(v.usedAt), role: label(LOG_ROLE, v.usedRole), user: v.usedBy, gate: v.usedGate || '--' }} />
    ) : (
      '--'
    );
  const columns: SimpleColumn<TicketVoucher>[] = [
    { key: 'seq', title: `${V}.seq`, render: (v) => v.seq },
    { key: 'code', title: `${V}.code`, render: (v) => <Box sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v.codeGrouped}</Box> },
    ...(mayQr ? [{ key: 'qr', title: `${V}.qr`, render: (v: TicketVoucher) => <QrImage voucherId={v.voucherId} code={v.code} /> }] : []),
    { key: 'tickets', title: `${V}.tickets`, render: (v) => v.tickets },
    { key: 'state', title: `${V}.state`, render: (v) => label(VOUCHER_STATE, v.state) },
    { key: 'valid', title: `${V}.valid`, render: (v) => `${v.validFrom || '…'} ~ ${v.validTo || '…'}` },
    { key: 'used', title: `${V}.used`, render: used },
  ];
  return (
    <Section title={`${V}.title`}>
      {mayPdf && vouchers && vouchers.length > 0 && (
        <Button size="small" variant="contained" sx={{ mb: 1.5 }} disabled={busy} onClick={downloadPdf} data-testid="voucher-pdf">
          <FormattedMessage id={`${V}.pdf`} />
        </Button>
      )}
      <SimpleTable columns={columns} rows={vouchers ?? []} testId="order-vouchers" />
    </Section>
  );
}

/** A voucher's QR code, fetched as an image file with the user's token. */
function QrImage({ voucherId, code }: { voucherId: number; code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    api
      .get<Blob>('ticket-app', '/saas/order/ticketVoucher/qr', { query: { voucherId }, binary: true, quiet: true })
      .then((png) => {
        if (!live) return;
        url = URL.createObjectURL(png);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [voucherId]);
  return src ? <img src={src} alt={code} width={72} height={72} data-testid={`voucher-qr-${voucherId}`} /> : <Box sx={{ width: 72, height: 72 }} />;
}
