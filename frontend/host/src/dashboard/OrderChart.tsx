// The dashboard's order chart (loaded on first use, with recharts): filters date range,
// product type, supplier and distributor interfaces, display type; amounts and profit as
// lines, order counts as stacked bars.
import { useEffect, useMemo, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Button, ButtonGroup, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  allowedDisplayTypes,
  api,
  capMonthly,
  day,
  defaultDisplayType,
  MscType,
  RANGE_SHORTCUTS,
  rangeDays,
  type DisplayType,
} from '@tradewind/shared';
import { toast } from '../notifier';

interface Row {
  time: string;
  orderNum: number;
  orderSuccess: number;
  orderSuccessMoney: number;
  orderSuccessProfit: number;
  orderCancel: number;
  orderCancelMoney: number;
  orderFail: number;
  orderFailMoney: number;
}
interface EnumEntry {
  value: number;
  label: string;
}
interface InterfaceEntry {
  interfaceId: number;
  merchants: { mchId: number; mchName: string }[];
}

const ago = (days: number) => new Date(Date.now() - (days - 1) * 86_400_000);

export default function OrderChart({ mscType }: { mscType: number }) {
  const intl = useIntl();
  const [start, setStart] = useState(day(ago(7)));
  const [end, setEnd] = useState(day(new Date()));
  const [productType, setProductType] = useState(10);
  const [types, setTypes] = useState<EnumEntry[]>([]);
  const [supplierIf, setSupplierIf] = useState('');
  const [channelIf, setChannelIf] = useState('');
  const [lists, setLists] = useState<{ supplier: InterfaceEntry[]; channel: InterfaceEntry[] }>({ supplier: [], channel: [] });
  const days = start && end ? rangeDays(new Date(start), new Date(end)) : 0;
  const allowed = useMemo(() => allowedDisplayTypes(Math.max(days, 1)), [days]);
  const [chosenDisplay, setDisplayType] = useState<DisplayType>(1);
  // A range that no longer allows the chosen display falls back to its default.
  const displayType = allowed.includes(chosenDisplay) ? chosenDisplay : defaultDisplayType(Math.max(days, 1));
  const [rows, setRows] = useState<Row[]>([]);
  const withMerchants = mscType <= MscType.OperatorShared && mscType !== MscType.Anonymous;

  useEffect(() => {
    api.get<EnumEntry[]>('saas-main', '/openapi/enum/typeProducts', { noAuth: true }).then(setTypes, () => undefined);
    if (withMerchants) {
      api
        .get<{ channelInterfaceList: InterfaceEntry[]; supplierInterfaceList: InterfaceEntry[] }>('saas-main', '/saas/stats/common/interfaceList')
        .then((l) => setLists({ supplier: l.supplierInterfaceList, channel: l.channelInterfaceList }), () => undefined);
    }
  }, [withMerchants]);

  // The filters of the last inquiry: the chart loads for them.
  const [asked, setAsked] = useState({ start, end, productType, displayType, supplierIf, channelIf });
  const inquire = () => {
    if (!start || !end) {
      toast({ severity: 'info', message: intl.formatMessage({ id: 'chart.enterDate' }), durationMs: 3000 });
      return;
    }
    setAsked({ start, end, productType, displayType, supplierIf, channelIf });
  };

  useEffect(() => {
    let live = true;
    api
      .get<Row[]>('saas-main', '/saas/stats/orderStats/list', {
        query: {
          startDate: asked.start,
          endDate: asked.end,
          productType: asked.productType,
          displayType: asked.displayType,
          supplierInterfaceId: asked.supplierIf,
          distributorInterfaceId: asked.channelIf,
        },
      })
      .then(
        (data) => live && setRows(capMonthly(data ?? [], asked.displayType)),
        // Chart failures go to the console only (the shell's rule); the client has warned.
        (e) => console.error(e),
      );
    return () => {
      live = false;
    };
  }, [asked]);

  const reset = () => {
    setStart(day(ago(7)));
    setEnd(day(new Date()));
    setProductType(10);
    setSupplierIf('');
    setChannelIf('');
    setDisplayType(1);
  };

  const chartRows = rows.map((r) => ({
    ...r,
    successYuan: r.orderSuccessMoney / 100,
    cancelYuan: r.orderCancelMoney / 100,
    failYuan: r.orderFailMoney / 100,
    profitYuan: r.orderSuccessProfit / 100,
  }));
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <Paper variant="outlined" sx={{ p: 2, minHeight: 600 }} data-testid="order-chart">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        <FormattedMessage id="chart.title" />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField type="date" size="small" label={t('chart.start')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size="small" label={t('chart.end')} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select size="small" label={t('chart.productType')} value={productType} onChange={(e) => setProductType(Number(e.target.value))} sx={{ minWidth: 140 }}>
          {types.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
          {types.length === 0 && <MenuItem value={10}>10</MenuItem>}
        </TextField>
        {withMerchants && (
          <>
            <TextField select size="small" label={t('chart.supplier')} value={supplierIf} onChange={(e) => setSupplierIf(e.target.value)} sx={{ minWidth: 160 }}>
              <MenuItem value="">{t('chart.all')}</MenuItem>
              {lists.supplier.map((i) => (
                <MenuItem key={i.interfaceId} value={String(i.interfaceId)}>
                  {i.merchants.map((m) => m.mchName).join(', ') || `#${i.interfaceId}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('chart.distributor')} value={channelIf} onChange={(e) => setChannelIf(e.target.value)} sx={{ minWidth: 160 }}>
              <MenuItem value="">{t('chart.all')}</MenuItem>
              {lists.channel.map((i) => (
                <MenuItem key={i.interfaceId} value={String(i.interfaceId)}>
                  {i.merchants.map((m) => m.mchName).join(', ') || `#${i.interfaceId}`}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <TextField select size="small" label={t('chart.displayType')} value={displayType} onChange={(e) => setDisplayType(Number(e.target.value) as DisplayType)} sx={{ minWidth: 120 }} data-testid="display-type">
          {allowed.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`chart.display.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={inquire} data-testid="chart-inquire">
          <FormattedMessage id="search.inquire" />
        </Button>
        <Button variant="outlined" onClick={reset}>
          <FormattedMessage id="search.reset" />
        </Button>
      </Box>
      <ButtonGroup size="small" sx={{ mb: 2 }}>
        {RANGE_SHORTCUTS.map((s) => (
          <Button
            key={s.id}
            onClick={() => {
              setStart(day(ago(s.days)));
              setEnd(day(new Date()));
            }}
          >
            {t(`chart.shortcut.${s.id}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Box sx={{ height: 480 }} data-testid="order-chart-plot">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={chartRows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="time" tick={{ fontSize: 11 }} />
            <YAxis yAxisId="money" />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar yAxisId="count" dataKey="orderSuccess" stackId="n" fill="#67C23A" name={t('chart.successCount')} isAnimationActive={false} />
            <Bar yAxisId="count" dataKey="orderCancel" stackId="n" fill="#F56C6C" name={t('chart.cancelCount')} isAnimationActive={false} />
            <Bar yAxisId="count" dataKey="orderFail" stackId="n" fill="#909399" name={t('chart.failCount')} isAnimationActive={false} />
            <Line yAxisId="money" dataKey="successYuan" stroke="#409EFF" name={t('chart.successMoney')} dot={false} isAnimationActive={false} />
            <Line yAxisId="money" dataKey="cancelYuan" stroke="#E6A23C" name={t('chart.cancelMoney')} dot={false} isAnimationActive={false} />
            <Line yAxisId="money" dataKey="failYuan" stroke="#303133" name={t('chart.failMoney')} dot={false} isAnimationActive={false} />
            <Line yAxisId="money" dataKey="profitYuan" stroke="#8E44AD" name={t('chart.profit')} dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}
