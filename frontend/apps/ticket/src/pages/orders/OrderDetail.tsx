// One ticket order: ticket-app GET /saas/order/ticketSys/load?orderId= (whoever sees the order:
// the tenant's staff, its supplier, its distributor), with the actions the user may take on it
// in its state (OrderActions), the buyer's details, its vouchers with their QR codes and the PDF
// (VoucherSection) and, for holders of the log code, its log (GET /saas/log/ticketOrderLog/list). After an action the order and its log are loaded again.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { api, MchType, PERM, useHolds, useSession } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OrderActions } from './OrderActions';
import { OrderFields } from './OrderFields';
import { LogTable } from './OrderTables';
import { VoucherSection } from './VoucherSection';
import type { TicketOrder, TicketOrderLog } from './types';

export default function OrderDetail() {
  const [params] = useSearchParams();
  const orderId = (params.get('orderId') ?? '').replace(/\D/g, '');
  return <OrderDetailView key={orderId} orderId={orderId} />;
}

type Loaded = { order: TicketOrder; logs: TicketOrderLog[] | null } | { failed: true } | null;

function OrderDetailView({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const { user, org } = useSession();
  const distributor = Boolean(user && user.mchId !== 0 && org?.mchType === MchType.Distributor);
  const readsLog = useHolds(PERM.ticketOrder.log);
  const readsVouchers = useHolds(PERM.ticketVoucher.list);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!orderId) return undefined;
    let live = true;
    const query = { orderId };
    Promise.all([
      api.get<TicketOrder>('ticket-app', '/saas/order/ticketSys/load', { query }),
      readsLog ? api.get<TicketOrderLog[]>('ticket-app', '/saas/log/ticketOrderLog/list', { query }) : Promise.resolve(null),
    ])
      .then(([order, logs]) => live && setLoaded({ order, logs }))
      // The API client has told the user why (404, 403 ...).
      .catch(() => live && setLoaded({ failed: true }));
    return () => {
      live = false;
    };
  }, [orderId, generation, readsLog]);
  return (
    <Box data-testid="ticket-order-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6">
          <FormattedMessage id="ticket.orderDetail.title" values={{ orderId: orderId || '--' }} />
        </Typography>
        <Button size="small" variant="outlined" onClick={() => navigate(-1)}>
          <FormattedMessage id="ticket.orderDetail.back" />
        </Button>
      </Box>
      {!orderId && (
        <Alert severity="info">
          <FormattedMessage id="ticket.orderDetail.noOrder" />
        </Alert>
      )}
      {orderId && loaded === null && <LinearProgress />}
      {loaded && 'failed' in loaded && (
        <Alert severity="warning">
          <FormattedMessage id="ticket.orderDetail.notLoaded" />
        </Alert>
      )}
      {loaded && 'order' in loaded && (
        <>
          <OrderActions order={loaded.order} onDone={() => setGeneration((g) => g + 1)} />
          <OrderFields order={loaded.order} distributor={distributor} />
          {readsVouchers && <VoucherSection order={loaded.order} generation={generation} />}
          {loaded.logs && <LogTable logs={loaded.logs} />}
        </>
      )}
    </Box>
  );
}
