// The dashboard's activity view: user activity (today, yesterday, the last 7 days, each against
// the period before), its daily curve against the previous period, the latest orders and
// notices, and for operator users (300) the merchant ranking and the support panel (the tenant's
// support tickets by state, saas-main GET /saas/support/mySupport/count).
import { useEffect, useState, type ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Button, ButtonGroup, Card, CardContent, List, ListItem, ListItemText, Paper, TextField, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, dateTime, day, MchType, money, MscType, PERM, useHolds, type Page } from '@tradewind/shared';
import { activityRange, ACTIVITY_SHORTCUTS } from './activityRange';

interface Overview {
  todayActionNum: number;
  yesterdayActionNum: number;
  yesterdayActionRatio: number;
  weekActionNum: number;
  weekActionRatio: number;
}
interface DayCount {
  day: string;
  count: number;
}
interface TicketCounts {
  pending: number;
  inProgress: number;
  solved: number;
}
interface Notice {
  id: number;
  title: string;
  publishedAt?: number;
  createDate: number;
}
interface RankRow {
  rank: number;
  mchId: number;
  mchName: string;
  orderSuccess: number;
  orderSuccessMoney: number;
}
interface OrderRow {
  orderId: number;
  productName?: string;
  hotelName?: string;
  orderPrice?: number;
  createDate?: number;
}

/** The server's ratio is already a percentage; shown with 2 decimals and an arrow. */
function Ratio({ value }: { value: number }) {
  const up = value > 0;
  const down = value < 0;
  return (
    <Typography component="span" sx={{ color: up ? 'success.main' : down ? 'error.main' : 'text.secondary', ml: 1 }} data-testid="ratio">
      {up ? '▲' : down ? '▼' : '–'} {Math.abs(value).toFixed(2)}%
    </Typography>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        <FormattedMessage id={title} />
      </Typography>
      {children}
    </Paper>
  );
}

export default function ActivityView({ mscType }: { mscType: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [overview, setOverview] = useState<Overview | null>(null);
  const [range, setRange] = useState(() => activityRange(7));
  const [curve, setCurve] = useState<{ day: string; current: number; previous: number }[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [orders, setOrders] = useState<OrderRow[]>([]);
  const [rank, setRank] = useState<RankRow[]>([]);
  const [tickets, setTickets] = useState<TicketCounts | null>(null);
  const seesTickets = useHolds(PERM.support.count);
  const seesOrders = useHolds(PERM.order.sysList);
  const operatorUser = mscType === MscType.OperatorUser;

  useEffect(() => {
    api.get<Overview>('saas-main', '/saas/dashboard/index/userActionOverview').then(setOverview, () => undefined);
    api.get<Notice[]>('saas-main', '/saas/dashboard/index/indexNotice').then((n) => setNotices(n ?? []), () => undefined);
    if (seesOrders) {
      api
        .get<Page<OrderRow>>('hotel-app', '/saas/order/sys/list', { query: { page: 1, resultNum: 5 } })
        .then((p) => setOrders(p?.results ?? []), () => undefined);
    }
    if (operatorUser) {
      api
        .get<RankRow[]>('saas-main', '/saas/dashboard/index/mchRank', { query: { mchType: MchType.Supplier, limit: 5 } })
        .then((r) => setRank(r ?? []), () => undefined);
      if (seesTickets) api.get<TicketCounts>('saas-main', '/saas/support/mySupport/count').then(setTickets, () => undefined);
    }
  }, [seesOrders, operatorUser, seesTickets]);

  useEffect(() => {
    let live = true;
    api
      .get<{ current: DayCount[]; previous: DayCount[] }>('saas-main', '/saas/dashboard/index/userActionStats', {
        query: { startDate: range.start, endDate: range.end },
      })
      .then(
        (s) => live && setCurve((s?.current ?? []).map((c, i) => ({ day: c.day, current: c.count, previous: s.previous[i]?.count ?? 0 }))),
        (e) => console.error(e),
      );
    return () => {
      live = false;
    };
  }, [range]);

  // The picker cannot be cleared: an emptied date keeps the range it had.
  const setStart = (v: string) => v && setRange({ ...range, start: v });
  const setEnd = (v: string) => v && setRange({ ...range, end: v });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }} data-testid="activity-view">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
          {(
            [
              ['activity.today', overview?.todayActionNum, null],
              ['activity.yesterday', overview?.yesterdayActionNum, overview?.yesterdayActionRatio],
              ['activity.week', overview?.weekActionNum, overview?.weekActionRatio],
            ] as [string, number | undefined, number | null | undefined][]
          ).map(([id, n, ratio]) => (
            <Card key={id} variant="outlined">
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id={id} />
                </Typography>
                <Typography variant="h4" component="div" sx={{ fontWeight: 600 }}>
                  {n ?? '--'}
                  {ratio !== null && ratio !== undefined && <Ratio value={ratio} />}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        <Panel title="activity.curve" testId="activity-curve">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <TextField type="date" size="small" required label={t('chart.start')} value={range.start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.end } }} />
            <TextField type="date" size="small" required label={t('chart.end')} value={range.end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.start, max: day(new Date()) } }} />
            <ButtonGroup size="small">
              {ACTIVITY_SHORTCUTS.map((s) => (
                <Button key={s.days} onClick={() => setRange(activityRange(s.days))}>
                  {t(`activity.shortcut.${s.days}`)}
                </Button>
              ))}
            </ButtonGroup>
          </Box>
          <Box sx={{ height: 300 }}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={curve}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Line dataKey="current" name={t('activity.current')} stroke="#409EFF" dot={false} isAnimationActive={false} />
                <Line dataKey="previous" name={t('activity.previous')} stroke="#909399" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </Box>
        </Panel>
        {operatorUser && (
          <Panel title="activity.rank" testId="activity-rank">
            <List dense>
              {rank.map((r) => (
                <ListItem key={r.mchId}>
                  <ListItemText primary={`${r.rank}. ${r.mchName}`} secondary={`${r.orderSuccess} · ${money(r.orderSuccessMoney)}`} />
                </ListItem>
              ))}
              {rank.length === 0 && <FormattedMessage id="table.empty" />}
            </List>
          </Panel>
        )}
        {operatorUser && seesTickets && (
          <Panel title="activity.support" testId="activity-support">
            <List dense>
              {(['pending', 'inProgress', 'solved'] as const).map((k) => (
                <ListItem key={k}>
                  <ListItemText primary={t(`activity.support.${k}`)} />
                  <Typography variant="h6" data-testid={`activity-support-${k}`}>
                    {tickets ? tickets[k] : '--'}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Panel>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {seesOrders && (
          <Panel title="activity.orders" testId="activity-orders">
            <List dense>
              {orders.map((o) => (
                <ListItem key={o.orderId}>
                  <ListItemText primary={`${o.hotelName ?? ''} ${o.productName ?? ''}`} secondary={`${o.orderId} · ${money(o.orderPrice)} · ${dateTime(o.createDate)}`} />
                </ListItem>
              ))}
              {orders.length === 0 && <FormattedMessage id="table.empty" />}
            </List>
          </Panel>
        )}
        <Panel title="activity.notices" testId="activity-notices">
          <List dense>
            {notices.map((n) => (
              <ListItem key={n.id}>
                <ListItemText primary={n.title} secondary={dateTime(n.publishedAt ?? n.createDate, false)} />
              </ListItem>
            ))}
            {notices.length === 0 && <FormattedMessage id="table.empty" />}
          </List>
        </Panel>
      </Box>
    </Box>
  );
}
