// /dashboard, the operator's overview: four cards (hotel products, orders, balance,
// unprocessed/processed orders) and the order chart. A merchant's user sees its own overview.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, endpointOf, money, MscType, PERM, SUPPLIER_USER_TYPES, useHolds, useSession } from '@tradewind/shared';
import { CountUp } from './CountUp';

const OrderChart = lazy(() => import('./OrderChart'));
const ActivityView = lazy(() => import('./ActivityView'));

interface ProductCount {
  total: number;
  sale: number;
}
interface OrderCount {
  orderTotal: number;
  orderSuccess: number;
  todaySuccessMoney: number;
  todaySuccessProfit: number;
}
interface Balance {
  account: number;
  yesterdayConsume: number;
}
interface Figures {
  orderNum: number;
  orderSuccess: number;
  orderSuccessMoney: number;
}
interface MerchantOverview {
  period: Figures;
  today: Figures;
  productTotal?: number;
  productSale?: number;
}

function StatCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id={title} />
        </Typography>
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

function Big({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="div" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

function Line({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      <FormattedMessage id={id} />: {children}
    </Typography>
  );
}

const yuan = (n: number) => money(n);

function OperatorView({ mscType }: { mscType: number }) {
  const [products, setProducts] = useState<ProductCount | null>(null);
  const [orders, setOrders] = useState<OrderCount | null>(null);
  const [balance, setBalance] = useState<Balance | null>(null);
  const showBalance = mscType >= MscType.OperatorAdmin && mscType <= MscType.OperatorUser;
  useEffect(() => {
    api.get<ProductCount>('saas-main', '/saas/stats/productStats/count', { query: { productType: 10 } }).then(setProducts, () => undefined);
    api.get<OrderCount>('saas-main', '/saas/stats/orderStats/count').then(setOrders, () => undefined);
    if (showBalance) api.get<Balance>('saas-main', '/saas/boss/balanceLog/getBossBalanceInfo').then(setBalance, () => undefined);
  }, [showBalance]);
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2, mb: 2 }}>
        <StatCard title="dash.products" testId="card-products">
          <Big>
            <CountUp value={products?.sale ?? 0} /> / <CountUp value={products?.total ?? 0} />
          </Big>
          <Line id="dash.productsHint">{products ? `${products.sale} / ${products.total}` : '--'}</Line>
        </StatCard>
        <StatCard title="dash.orders" testId="card-orders">
          <Big>
            <CountUp value={orders?.orderSuccess ?? 0} /> / <CountUp value={orders?.orderTotal ?? 0} />
          </Big>
          <Line id="dash.todayAmount">{orders ? money(orders.todaySuccessMoney) : '--'}</Line>
          <Line id="dash.todayProfit">{orders ? money(orders.todaySuccessProfit) : '--'}</Line>
        </StatCard>
        {showBalance && (
          <StatCard title="dash.balance" testId="card-balance">
            <Big>
              <CountUp value={balance?.account ?? 0} format={yuan} />
            </Big>
            <Line id="dash.yesterdayConsume">{balance ? money(balance.yesterdayConsume) : '--'}</Line>
          </StatCard>
        )}
        <StatCard title="dash.processing" testId="card-processing">
          <Big>
            <CountUp value={0} /> / <CountUp value={0} />
          </Big>
          <Line id="dash.processingHint">0 / 0</Line>
        </StatCard>
      </Box>
      <Suspense fallback={<CircularProgress />}>
        <OrderChart mscType={mscType} />
      </Suspense>
    </>
  );
}

function MerchantView({ supplier }: { supplier: boolean }) {
  const [o, setO] = useState<MerchantOverview | null>(null);
  const code = supplier ? PERM.dashboard.supplierOverview : PERM.dashboard.distributorOverview;
  const path = endpointOf(code);
  const allowed = useHolds(code);
  useEffect(() => {
    if (allowed) api.get<MerchantOverview>('saas-main', path).then(setO, () => undefined);
  }, [allowed, path]);
  if (!allowed) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
      <StatCard title="dash.periodOrders" testId="card-period">
        <Big>
          <CountUp value={o?.period.orderSuccess ?? 0} /> / <CountUp value={o?.period.orderNum ?? 0} />
        </Big>
        <Line id="dash.amount">{o ? money(o.period.orderSuccessMoney) : '--'}</Line>
      </StatCard>
      <StatCard title="dash.todayOrders" testId="card-today">
        <Big>
          <CountUp value={o?.today.orderSuccess ?? 0} /> / <CountUp value={o?.today.orderNum ?? 0} />
        </Big>
        <Line id="dash.amount">{o ? money(o.today.orderSuccessMoney) : '--'}</Line>
      </StatCard>
      {supplier && (
        <StatCard title="dash.products" testId="card-products">
          <Big>
            <CountUp value={o?.productSale ?? 0} /> / <CountUp value={o?.productTotal ?? 0} />
          </Big>
        </StatCard>
      )}
    </Box>
  );
}

export default function Dashboard() {
  const intl = useIntl();
  const { user } = useSession();
  const [view, setView] = useState<'overview' | 'activity'>('overview');
  if (!user) return null;
  if (user.mchId !== 0) {
    return (
      <Box data-testid="dashboard">
        <MerchantView supplier={SUPPLIER_USER_TYPES.includes(user.mscType)} />
      </Box>
    );
  }
  return (
    <Box data-testid="dashboard">
      <Tabs value={view} onChange={(_, v: 'overview' | 'activity') => setView(v)} sx={{ mb: 2 }}>
        <Tab value="overview" label={intl.formatMessage({ id: 'dash.overview' })} />
        <Tab value="activity" label={intl.formatMessage({ id: 'dash.activity' })} data-testid="dash-activity" />
      </Tabs>
      {view === 'overview' ? (
        <OperatorView mscType={user.mscType} />
      ) : (
        <Suspense fallback={<CircularProgress />}>
          <ActivityView mscType={user.mscType} />
        </Suspense>
      )}
    </Box>
  );
}
