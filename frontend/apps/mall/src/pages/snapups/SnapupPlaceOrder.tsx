// The buyer's snap-up page (`product/snapup-place-order`): the sessions open now or soon (GET
// /saas/mall/snapups/live, asked again every 2 seconds so the stock left moves as others buy),
// each with its countdown to the start or the end on the server's clock, and an order form
// (POST /saas/mall/orders/place). The answer comes within the request: placed (with the stock
// left), or sold out, not enough left, the limit reached: each said plainly in the dialog. The
// enabled themes of the mall are shown above the sessions with their cover and products (GET
// /saas/mall/themes/list and load), a product on snap-up now with its price and a buy button.
// The buyer's own orders are listed below (GET /saas/mall/orders/list), each unpaid one paid by
// credit (PUT /saas/mall/orders/pay: paying until finance-app answers, which the list polled
// every 2 seconds shows, a refusal with its reason) or cancelled (PUT /saas/mall/orders/cancel).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  api,
  ApiError,
  dateTime,
  FormDialog,
  FormText,
  isMobile,
  money,
  PERM,
  rules,
  SimpleTable,
  useEnumLabel,
  useForm,
  useConfirm,
  useHolds,
  type Page,
  type Rule,
  type SimpleColumn,
} from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { ORDER_STATE, PAY_STATE } from '../../enums';
import { countdown } from '../../time';
import type { OrderRow, Placed, SessionRow, ThemeDetail, ThemeRow } from '../../types';
import { PhaseChip } from './OnlineSnapup';
import { useLimitText } from './useLimitText';

const POLL_MS = 2_000;
/** The themes shown on the page (the first by their order). */
const THEMES_SHOWN = 6;

type OrderForm = { quantity: string; contactName: string; contactPhone: string };
const F = 'mall.buy.fields';
const ORDER_RULES: Partial<Record<keyof OrderForm, Rule<OrderForm>>> = {
  quantity: rules.all(rules.required('quantity', `${F}.quantity`), rules.pattern('quantity', (s) => /^[1-9]\d{0,2}$|^1000$/.test(s), 'mall.form.quantity')),
  contactName: rules.all(rules.required('contactName', `${F}.contactName`), rules.length('contactName', 1, 32)),
  contactPhone: rules.all(rules.required('contactPhone', `${F}.contactPhone`), rules.pattern('contactPhone', isMobile, 'form.mobile')),
};

/** What the last order attempt came to, shown in the dialog. */
type Outcome = { kind: 'placed'; placed: Placed } | { kind: 'refused'; code: string; message: string };

/** The refusals the page names itself, as mall-app's codes. */
const NAMED = ['sold-out', 'limit-reached', 'stock-short', 'too-many-requests'];

function SessionCard({ s, now, onBuy, mayBuy }: { s: SessionRow; now: number; onBuy: () => void; mayBuy: boolean }) {
  // Sold out is a phase of a live session: its time is running, its stock is gone.
  const live = s.phase === 1 || s.phase === 4;
  const soldOut = live && s.stockLeft === 0;
  const limit = useLimitText()(s);
  return (
    <Card variant="outlined" sx={{ width: 320 }} data-testid={`snapup-card-${s.id}`}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {s.productName}
          </Typography>
          <PhaseChip phase={soldOut ? 4 : s.phase} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', my: 1 }}>
          <Typography variant="h5" color="error.main">
            {money(s.snapupPrice)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
            {money(s.price)}
          </Typography>
        </Stack>
        <Typography variant="body2" data-testid={`snapup-left-${s.id}`}>
          <FormattedMessage id="mall.buy.left" values={{ left: s.stockLeft, total: s.stock }} />
        </Typography>
        <LinearProgress variant="determinate" color={soldOut ? 'error' : 'primary'} value={s.stock ? (100 * (s.stock - s.stockLeft)) / s.stock : 0} sx={{ my: 1 }} />
        <Typography variant="body2" color="text.secondary">
          {limit}
        </Typography>
        <Typography variant="body2" data-testid={`snapup-countdown-${s.id}`}>
          <FormattedMessage
            id={s.phase === 0 ? 'mall.buy.startsIn' : 'mall.buy.endsIn'}
            values={{ time: countdown(s.phase === 0 ? s.startTime : s.endTime, now) }}
          />
        </Typography>
      </CardContent>
      <CardActions>
        {soldOut ? (
          <Typography color="error" sx={{ fontWeight: 600, px: 1 }} data-testid={`snapup-sold-out-${s.id}`}>
            <FormattedMessage id="mall.buy.soldOut" />
          </Typography>
        ) : (
          mayBuy && (
            <Button variant="contained" color="error" disabled={!live} onClick={onBuy} data-testid={`snapup-buy-${s.id}`}>
              <FormattedMessage id={live ? 'mall.buy.buy' : 'mall.buy.notStarted'} />
            </Button>
          )
        )}
      </CardActions>
    </Card>
  );
}

/** The mall's enabled themes now, each with its cover and products in order; a product on
 * snap-up now shows the session's price and opens its order form. */
function Themes({ sessions, onBuy, mayBuy }: { sessions: SessionRow[]; onBuy: (s: SessionRow) => void; mayBuy: boolean }) {
  const [themes, setThemes] = useState<ThemeDetail[]>([]);
  useEffect(() => {
    let gone = false;
    api
      .get<Page<ThemeRow>>('mall-app', '/saas/mall/themes/list', { query: { page: 1, resultNum: THEMES_SHOWN, state: 1, activeAt: Date.now() }, quiet: true })
      .then((p) => Promise.all(p.results.map((t) => api.get<ThemeDetail>('mall-app', '/saas/mall/themes/load', { query: { id: t.id }, quiet: true }))))
      .then(
        (list) => {
          if (!gone) setThemes(list);
        },
        () => undefined,
      );
    return () => {
      gone = true;
    };
  }, []);
  if (themes.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }} data-testid="snapup-themes">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        <FormattedMessage id="mall.buy.themes" />
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {themes.map((t) => (
          <Card key={t.id} variant="outlined" sx={{ width: 320 }} data-testid={`snapup-theme-${t.id}`}>
            <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'center' }}>
              <Box component="img" src={t.cover} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }} />
              <Box>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t.themeName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="mall.buy.themeProducts" values={{ count: t.products.length }} />
                </Typography>
              </Box>
            </Stack>
            <CardContent sx={{ pt: 0 }}>
              {t.products.map((p) => {
                const live = sessions.find((s) => s.mallProductId === p.id && s.phase === 1 && s.stockLeft > 0);
                return (
                  <Stack key={p.id} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}>
                    <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 150 }}>
                      {p.productName}
                    </Typography>
                    {live && mayBuy ? (
                      <Button size="small" color="error" onClick={() => onBuy(live)} data-testid={`snapup-theme-buy-${p.id}`}>
                        <FormattedMessage id="mall.buy.inSnapup" values={{ price: money(live.snapupPrice) }} />
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {money(p.price)}
                      </Typography>
                    )}
                  </Stack>
                );
              })}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

export default function SnapupPlaceOrder() {
  const intl = useIntl();
  const label = useEnumLabel();
  const mayBuy = useHolds(PERM.mallOrder.place);
  const mayList = useHolds(PERM.mallOrder.list);
  const mayPay = useHolds(PERM.mallOrder.pay);
  const mayCancel = useHolds(PERM.mallOrder.cancel);
  const confirm = useConfirm();
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const [orders, setOrders] = useState<OrderRow[]>([]);
  // The server's clock minus ours, so countdowns follow the server.
  const skew = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  const [buying, setBuying] = useState<SessionRow | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<OrderForm>({ quantity: '1', contactName: '', contactPhone: '' }, { saved: 'mall.buy.placedToast' });

  const refresh = useCallback(() => {
    api.get<SessionRow[]>('mall-app', '/saas/mall/snapups/live', { quiet: true }).then(
      (rows) => {
        if (rows[0]) skew.current = rows[0].now - Date.now();
        setSessions(rows);
      },
      () => setSessions((s) => s ?? []),
    );
    if (mayList)
      api
        .get<Page<OrderRow>>('mall-app', '/saas/mall/orders/list', { query: { page: 1, resultNum: 10 }, quiet: true })
        .then((p) => setOrders(p.results), () => undefined);
  }, [mayList]);

  useEffect(() => {
    refresh();
    const poll = setInterval(refresh, POLL_MS);
    const tick = setInterval(() => setNow(Date.now() + skew.current), 1_000);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [refresh]);

  const open = (s: SessionRow) => {
    setOutcome(null);
    form.reset({ ...form.values, quantity: '1' });
    setBuying(s);
  };

  const place = async () => {
    if (!buying) return;
    setOutcome(null);
    await form.submit(ORDER_RULES, (v) =>
      api
        .post<Placed>(
          'mall-app',
          '/saas/mall/orders/place',
          { sessionId: buying.id, quantity: Number(v.quantity), contactName: v.contactName.trim(), contactPhone: v.contactPhone.trim() },
          { quiet: true },
        )
        .then(
          (placed) => {
            setOutcome({ kind: 'placed', placed });
            refresh();
          },
          (e: unknown) => {
            // A refusal of the session (sold out, the limit) is said here, plainly; a field's
            // problem goes under the field.
            if (e instanceof ApiError && !e.field) {
              setOutcome({ kind: 'refused', code: e.code, message: e.message });
              refresh();
            }
            throw e;
          },
        ),
    );
  };

  const pay = (o: OrderRow) =>
    confirm.ask(intl.formatMessage({ id: 'mall.orders.payQuestion' }, { id: o.orderId, price: money(o.orderPrice) }), () =>
      api.put<OrderRow>('mall-app', '/saas/mall/orders/pay', { orderId: o.orderId, payType: 1 }).then(refresh),
    );
  const cancel = (o: OrderRow) =>
    confirm.ask(intl.formatMessage({ id: 'mall.orders.cancelQuestion' }, { id: o.orderId }), () =>
      api.put<OrderRow>('mall-app', '/saas/mall/orders/cancel', { orderId: o.orderId }).then(refresh),
    );
  // An unpaid order may be paid (again after a refusal) or cancelled; not while it is paying.
  const open_ = (o: OrderRow) => o.orderState === 2 && o.payState !== 20;

  const columns: SimpleColumn<OrderRow>[] = [
    { key: 'orderId', title: 'mall.orders.fields.orderId', render: (o) => o.orderId },
    { key: 'productName', title: 'mall.orders.fields.productName', render: (o) => o.productName },
    { key: 'quantity', title: 'mall.orders.fields.quantity', render: (o) => o.quantity },
    { key: 'orderPrice', title: 'mall.orders.fields.orderPrice', render: (o) => money(o.orderPrice) },
    { key: 'orderState', title: 'mall.orders.fields.orderState', render: (o) => label(ORDER_STATE, o.orderState) },
    {
      key: 'payState',
      title: 'mall.orders.fields.payState',
      render: (o) => (
        <span data-testid={`snapup-order-pay-${o.orderId}`} title={o.payFailReason || undefined}>
          {label(PAY_STATE, o.payState)}
          {o.payState === 29 && o.payFailReason ? ` · ${o.payFailReason}` : ''}
        </span>
      ),
    },
    { key: 'payDeadline', title: 'mall.orders.fields.payDeadline', render: (o) => (o.orderState === 2 ? dateTime(o.payDeadline) : '--') },
    { key: 'createDate', title: 'mall.orders.fields.createDate', render: (o) => dateTime(o.createDate) },
    {
      key: 'actions',
      title: 'mall.orders.actions',
      render: (o) =>
        open_(o) ? (
          <Stack direction="row" spacing={1}>
            {mayPay && o.distributorId > 0 && (
              <Button size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => pay(o)} data-testid={`snapup-order-paybtn-${o.orderId}`}>
                <FormattedMessage id="mall.orders.pay" />
              </Button>
            )}
            {mayCancel && (
              <Button size="small" color="inherit" sx={{ whiteSpace: 'nowrap' }} onClick={() => cancel(o)} data-testid={`snapup-order-cancel-${o.orderId}`}>
                <FormattedMessage id="mall.orders.cancel" />
              </Button>
            )}
          </Stack>
        ) : null,
    },
  ];

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="mall.buy.title" />
      </Typography>
      {sessions !== null && <Themes sessions={sessions} onBuy={open} mayBuy={mayBuy} />}
      {sessions === null ? (
        <LinearProgress />
      ) : sessions.length === 0 ? (
        <Typography color="text.secondary" data-testid="snapup-none">
          <FormattedMessage id="mall.buy.none" />
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="snapup-sessions">
          {sessions.map((s) => (
            <SessionCard key={s.id} s={s} now={now} onBuy={() => open(s)} mayBuy={mayBuy} />
          ))}
        </Stack>
      )}
      {mayList && (
        <Paper variant="outlined" sx={{ mt: 3, p: 1 }}>
          <Typography variant="subtitle1" sx={{ px: 1 }}>
            <FormattedMessage id="mall.buy.myOrders" />
          </Typography>
          <SimpleTable columns={columns} rows={orders} testId="snapup-orders" />
        </Paper>
      )}
      {confirm.element}
      <FormDialog
        open={buying !== null}
        title="mall.buy.dialog"
        busy={form.busy}
        onClose={() => setBuying(null)}
        onSubmit={place}
        testId="snapup-order-dialog"
        submitLabel="mall.buy.place"
      >
        {buying && (
          <Typography sx={{ gridColumn: '1 / -1', mb: 1 }}>
            {buying.productName} · {money(buying.snapupPrice)} ·{' '}
            <FormattedMessage id="mall.buy.left" values={{ left: sessions?.find((s) => s.id === buying.id)?.stockLeft ?? buying.stockLeft, total: buying.stock }} />
          </Typography>
        )}
        <FormText form={form} name="quantity" label={`${F}.quantity`} digits required />
        <FormText form={form} name="contactName" label={`${F}.contactName`} required />
        <FormText form={form} name="contactPhone" label={`${F}.contactPhone`} required />
        {outcome && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            {outcome.kind === 'placed' ? (
              <Alert severity="success" data-testid="snapup-placed">
                <FormattedMessage
                  id="mall.buy.placed"
                  values={{ id: outcome.placed.order.orderId, price: money(outcome.placed.order.orderPrice), left: outcome.placed.stockLeft, deadline: dateTime(outcome.placed.order.payDeadline) }}
                />
              </Alert>
            ) : (
              <Alert severity={outcome.code === 'too-many-requests' ? 'warning' : 'error'} data-testid={`snapup-refused-${outcome.code}`}>
                <strong>{NAMED.includes(outcome.code) ? intl.formatMessage({ id: `mall.buy.refused.${outcome.code}` }) : ''}</strong> {outcome.message}
              </Alert>
            )}
          </Box>
        )}
      </FormDialog>
    </Box>
  );
}
