// One distributor's balance and used credit at the end of each day (finance-app GET
// /saas/balance/info/graphList), as two lines with recharts: the last 30 days by default, at most
// 366. The tenant's staff pick the distributor (or come from a row of the balance list with
// `?mchId=`); a distributor's user sees its own.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, DateFilter, endpointOf, FieldGrid, ListPage, money, notify, PERM, SelectFilter, useIsTenantStaff, useMerchantOptions } from '@tradewind/shared';
import { defaultRange, rangeProblem } from './chartRange';
import type { DayPoint } from './types';

const F = 'base.balances.fields';

export default function BalanceChart() {
  const [params] = useSearchParams();
  const fromUrl = (params.get('mchId') ?? '').replace(/\D/g, '');
  // A new `?mchId=` (a row's chart from the balance list) opens the chart afresh on it.
  return <ChartView key={fromUrl} mchId={fromUrl} />;
}

function ChartView({ mchId }: { mchId: string }) {
  const intl = useIntl();
  const staff = useIsTenantStaff();
  const distributors = useMerchantOptions('distributor', staff);
  const empty = { mchId: '', ...defaultRange() };
  const [draft, setDraft] = useState({ ...empty, mchId });
  const [asked, setAsked] = useState(draft);
  const [result, setResult] = useState<{ for: typeof asked; points: DayPoint[] } | null>(null);
  const chosen = !staff || asked.mchId !== '';

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    api
      .get<DayPoint[]>('finance-app', endpointOf(PERM.balance.graph), {
        query: { mchId: staff ? asked.mchId : undefined, startDate: asked.startDate, endDate: asked.endDate },
      })
      .then(
        (points) => live && setResult({ for: asked, points: points ?? [] }),
        () => live && setResult({ for: asked, points: [] }),
      );
    return () => {
      live = false;
    };
  }, [asked, chosen, staff]);

  const inquire = () => {
    const problem = staff && !draft.mchId ? 'base.balances.rules.distributor' : rangeProblem(draft);
    if (problem) notify('warning', intl.formatMessage({ id: problem }), 3000);
    else setAsked({ ...draft });
  };
  const reset = () => {
    setDraft(empty);
    setAsked(empty);
  };
  const loading = chosen && result?.for !== asked;
  const points = result?.for === asked ? result.points : [];
  const last = points.at(-1);
  const name = distributors.find((d) => d.value === asked.mchId)?.text;
  const yuan = (fen: number) => money(fen);
  return (
    <ListPage
      title="base.balances.chartTitle"
      onInquire={inquire}
      onReset={reset}
      filters={
        <>
          {staff && (
            <SelectFilter label={`${F}.distributor`} value={draft.mchId} onChange={(v) => setDraft({ ...draft, mchId: v })} options={distributors} noAll width={200} testId="chart-distributor" />
          )}
          <DateFilter label="base.common.startDate" value={draft.startDate} onChange={(v) => setDraft({ ...draft, startDate: v })} testId="chart-start" />
          <DateFilter label="base.common.endDate" value={draft.endDate} onChange={(v) => setDraft({ ...draft, endDate: v })} testId="chart-end" />
        </>
      }
    >
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="balance-chart">
        <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress />}</Box>
        {!chosen ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }} data-testid="chart-choose">
            <FormattedMessage id="base.balances.choose" />
          </Typography>
        ) : !loading && points.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            <FormattedMessage id="table.empty" />
          </Typography>
        ) : (
          <>
            {last && (
              <Box sx={{ mb: 2 }}>
                <FieldGrid
                  testId="chart-latest"
                  fields={[
                    ...(name ? [{ label: `${F}.distributor`, value: name }] : []),
                    { label: `${F}.latestDate`, value: last.date },
                    { label: `${F}.balance`, value: money(last.balance) },
                    { label: `${F}.usedCredit`, value: money(last.usedCredit) },
                  ]}
                />
              </Box>
            )}
            <Box sx={{ height: 380 }}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={points} margin={{ top: 8, right: 24, bottom: 8, left: 16 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={24} />
                  <YAxis tickFormatter={(v: number) => money(v, 0)} tick={{ fontSize: 12 }} width={90} />
                  <Tooltip formatter={(v) => yuan(Number(v))} />
                  <Legend />
                  <Line type="stepAfter" dataKey="balance" name={intl.formatMessage({ id: `${F}.balance` })} stroke="#409EFF" strokeWidth={2} dot={false} isAnimationActive={false} />
                  <Line type="stepAfter" dataKey="usedCredit" name={intl.formatMessage({ id: `${F}.usedCredit` })} stroke="#E6A23C" strokeWidth={2} dot={false} isAnimationActive={false} />
                </LineChart>
              </ResponsiveContainer>
            </Box>
          </>
        )}
      </Paper>
    </ListPage>
  );
}
