// Orders per product over a period of order dates (hotel-app's and ticket-app's
// `<kind>OrderReport/listProductSummary`): a supplier sees its own products, a distributor its own
// orders; largest amount first, with the totals of the period. The product kind says its service
// and path, where its product belongs (hotel, scenic spot), its unit (room nights, tickets) and
// the message ids. A distributor is not shown what the supplier is paid nor the profit.
import { useEffect, useState } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, type Service } from '../api';
import { DateFilter } from '../components/filters';
import { ListPage } from '../components/ListPage';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { useFilters } from '../components/useFilters';
import { MchType } from '../constants';
import { money } from '../format';
import { useSession } from '../session';
import { defaultPeriod, periodProblem } from './period';

/** What every product kind's report row has; its place and unit are named by the config. */
export interface ReportRow {
  productId: number;
  productName: string;
  orderNum: number;
  orderPrice: number;
  supplierPrice?: number | null;
  profit?: number | null;
  cancelNum: number;
}

export interface ProductReportConfig<R extends ReportRow> {
  service: Service;
  /** The endpoint's path (`endpointOf` of its permission code). */
  path: string;
  /**
   * Prefix of the page's message ids: `<messages>.title`, `.total`, `.fields.<column>` (and
   * `.fields.startDate`, `.fields.endDate`), `.rules.dates`, `.rules.order`, `.rules.tooLong`.
   */
  messages: string;
  /** The name of what the product belongs to (`hotelName`, `scenicName`): a column after the product. */
  place: keyof R & string;
  /** The counted unit (`roomNights`, `ticketNum`): a column after the orders, summed in the totals. */
  unit: keyof R & string;
  /** The table's test id. */
  testId: string;
}

type Row<R> = R & { total?: boolean };

const SUMMED = ['orderNum', 'orderPrice', 'supplierPrice', 'profit', 'cancelNum'] as const;

/** The period's totals: each count and amount summed, an amount absent (a distributor's) counted 0. */
export function totalOf<R extends ReportRow>(rows: R[], unit: keyof R & string): Record<string, number> {
  const sum = (k: string) => rows.reduce((n, r) => n + (Number((r as Record<string, unknown>)[k]) || 0), 0);
  return Object.fromEntries([...SUMMED, unit].map((k) => [k, sum(k)]));
}

export function ProductReportPage<R extends ReportRow>({ config }: { config: ProductReportConfig<R> }) {
  const M = config.messages;
  const F = `${M}.fields`;
  const { user, org } = useSession();
  const distributor = Boolean(user && user.mchId !== 0 && org?.mchType === MchType.Distributor);
  const f = useFilters(defaultPeriod());
  const { applied, generation } = f;
  const problem = periodProblem(applied);
  const [loaded, setLoaded] = useState<{ generation: number; rows: R[] } | null>(null);
  const { service, path } = config;
  useEffect(() => {
    if (problem) return undefined;
    let live = true;
    api
      .get<R[]>(service, path, { query: { startDate: applied.startDate, endDate: applied.endDate } })
      .then((rows) => live && setLoaded({ generation, rows }))
      .catch(() => live && setLoaded({ generation, rows: [] }));
    return () => {
      live = false;
    };
  }, [service, path, applied, generation, problem]);
  const rows = loaded?.rows ?? [];
  const cell = (r: Row<R>, k: string) => (r as Record<string, unknown>)[k] as number | string | undefined;
  const columns: SimpleColumn<Row<R>>[] = [
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (r.total ? <strong><FormattedMessage id={`${M}.total`} /></strong> : `${r.productName} (${r.productId})`),
    },
    { key: config.place, title: `${F}.${config.place}`, render: (r) => cell(r, config.place) },
    { key: 'orderNum', title: `${F}.orderNum`, render: (r) => r.orderNum },
    { key: config.unit, title: `${F}.${config.unit}`, render: (r) => cell(r, config.unit) },
    { key: 'orderPrice', title: `${F}.orderPrice`, render: (r) => money(r.orderPrice) },
    ...(distributor
      ? []
      : [
          { key: 'supplierPrice', title: `${F}.supplierPrice`, render: (r: Row<R>) => money(r.supplierPrice) },
          { key: 'profit', title: `${F}.profit`, render: (r: Row<R>) => money(r.profit) },
        ]),
    { key: 'cancelNum', title: `${F}.cancelNum`, render: (r) => r.cancelNum },
  ];
  const total = { productId: 0, productName: '', ...totalOf(rows, config.unit), total: true } as unknown as Row<R>;
  return (
    <ListPage
      title={`${M}.title`}
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
          <FormattedMessage id={`${M}.rules.${problem}`} />
        </Alert>
      ) : (
        <>
          {loaded?.generation !== generation && <LinearProgress />}
          <SimpleTable columns={columns} rows={rows.length ? [...rows, total] : []} testId={config.testId} />
        </>
      )}
    </ListPage>
  );
}
