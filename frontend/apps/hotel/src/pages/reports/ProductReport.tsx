// Orders per product over a period of order dates: GET /saas/order/hotelOrderReport/listProductSummary
// (a supplier sees its own products, a distributor its own orders; largest amount first), with
// the totals of the period. A distributor is not shown what the supplier is paid: the service
// answers it to everyone, but the order pages hide it from distributors too.
import { useEffect, useState } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { api, DateFilter, ListPage, MchType, money, SimpleTable, useFilters, useSession, type SimpleColumn } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { defaultPeriod, periodProblem } from './period';
import type { ProductSummary } from './types';

const F = 'hotel.report.fields';

export function totalOf(rows: ProductSummary[]): ProductSummary {
  const sum = (k: keyof ProductSummary) => rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    productId: 0,
    productName: '',
    hotelId: 0,
    hotelName: '',
    orderNum: sum('orderNum'),
    roomNights: sum('roomNights'),
    orderPrice: sum('orderPrice'),
    supplierPrice: sum('supplierPrice'),
    profit: sum('profit'),
    cancelNum: sum('cancelNum'),
  };
}

export default function ProductReport() {
  const { user, org } = useSession();
  const distributor = Boolean(user && user.mchId !== 0 && org?.mchType === MchType.Distributor);
  const f = useFilters(defaultPeriod());
  const { applied, generation } = f;
  const problem = periodProblem(applied);
  const [loaded, setLoaded] = useState<{ generation: number; rows: ProductSummary[] } | null>(null);
  useEffect(() => {
    if (problem) return undefined;
    let live = true;
    api
      .get<ProductSummary[]>('hotel-app', '/saas/order/hotelOrderReport/listProductSummary', { query: { startDate: applied.startDate, endDate: applied.endDate } })
      .then((rows) => live && setLoaded({ generation, rows }))
      .catch(() => live && setLoaded({ generation, rows: [] }));
    return () => {
      live = false;
    };
  }, [applied, generation, problem]);
  const rows = loaded?.rows ?? [];
  const columns: SimpleColumn<ProductSummary & { total?: boolean }>[] = [
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (r.total ? <strong><FormattedMessage id="hotel.report.total" /></strong> : `${r.productName} (${r.productId})`),
    },
    { key: 'hotelName', title: `${F}.hotelName`, render: (r) => r.hotelName },
    { key: 'orderNum', title: `${F}.orderNum`, render: (r) => r.orderNum },
    { key: 'roomNights', title: `${F}.roomNights`, render: (r) => r.roomNights },
    { key: 'orderPrice', title: `${F}.orderPrice`, render: (r) => money(r.orderPrice) },
    ...(distributor
      ? []
      : [
          { key: 'supplierPrice', title: `${F}.supplierPrice`, render: (r: ProductSummary) => money(r.supplierPrice) },
          { key: 'profit', title: `${F}.profit`, render: (r: ProductSummary) => money(r.profit) },
        ]),
    { key: 'cancelNum', title: `${F}.cancelNum`, render: (r) => r.cancelNum },
  ];
  return (
    <ListPage
      title="hotel.report.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <DateFilter label={`${F}.startDate`} value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="report-start" />
          <DateFilter label={`${F}.endDate`} value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="report-end" />
        </>
      }
    >
      {problem ? (
        <Alert severity="warning">
          <FormattedMessage id={problem} />
        </Alert>
      ) : (
        <>
          {loaded?.generation !== generation && <LinearProgress />}
          <SimpleTable columns={columns} rows={rows.length ? [...rows, { ...totalOf(rows), total: true }] : []} testId="hotel-report-table" />
        </>
      )}
    </ListPage>
  );
}
