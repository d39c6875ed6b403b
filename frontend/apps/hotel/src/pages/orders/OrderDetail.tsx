// One order with its guests, nightly prices and log: hotel-app GET /saas/order/sys/load?orderId=
// (anyone who may see the order: the tenant's staff, its supplier, its distributor), with the
// actions the user may take on it (OrderActions); after one the order is loaded again.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { api } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OrderActions } from './OrderActions';
import { OrderFields } from './OrderFields';
import { GuestTable, LogTable, NightTable } from './OrderTables';
import type { OrderFull } from './types';

export default function OrderDetail() {
  const [params] = useSearchParams();
  const orderId = (params.get('orderId') ?? '').replace(/\D/g, '');
  return <OrderDetailView key={orderId} orderId={orderId} />;
}

type Loaded = { order: OrderFull } | { failed: true } | null;

function OrderDetailView({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!orderId) return undefined;
    let live = true;
    api
      .get<OrderFull>('hotel-app', '/saas/order/sys/load', { query: { orderId } })
      .then((order) => live && setLoaded({ order }))
      // The API client has told the user why (404, 403 ...).
      .catch(() => live && setLoaded({ failed: true }));
    return () => {
      live = false;
    };
  }, [orderId, generation]);

  return (
    <Box data-testid="hotel-order-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6">
          <FormattedMessage id="hotel.orderDetail.title" values={{ orderId: orderId || '--' }} />
        </Typography>
        <Button size="small" variant="outlined" onClick={() => navigate(-1)}>
          <FormattedMessage id="hotel.common.back" />
        </Button>
      </Box>
      {!orderId && (
        <Alert severity="info">
          <FormattedMessage id="hotel.orderDetail.noOrder" />
        </Alert>
      )}
      {orderId && loaded === null && <LinearProgress />}
      {loaded && 'failed' in loaded && (
        <Alert severity="warning">
          <FormattedMessage id="hotel.orderDetail.notLoaded" />
        </Alert>
      )}
      {loaded && 'order' in loaded && (
        <>
          <OrderActions order={loaded.order} onDone={() => setGeneration((g) => g + 1)} />
          <OrderFields order={loaded.order} />
          <GuestTable guests={loaded.order.guests} />
          <NightTable nights={loaded.order.nightly} withPurchase={loaded.order.supplierPrice !== undefined} />
          <LogTable logs={loaded.order.logs} />
        </>
      )}
    </Box>
  );
}
