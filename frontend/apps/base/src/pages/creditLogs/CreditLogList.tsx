// The credit log (finance-app GET /saas/credit/log/list, the spec's saasMchCreditLog): one row per
// order of the tenant, newest orders first, with the spec's filters: supplier and distributor
// (the tenant's staff), product type, order id, product name, contact, state, receipt and payment
// progress (none 1, partial 2, full 3), and a date range applied to the pay date (0), the order
// date (1, the default), the check-in date (2) or the end date (3). A distributor's user sees its
// own orders, without the supplier's price.
import { useCallback, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import {
  api,
  Clip,
  DataTable,
  DateFilter,
  dateTime,
  endpointOf,
  ListPage,
  notify,
  PERM,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { Amount } from '../../Amount';
import { CREDIT_DATE_TYPE, CREDIT_LOG_STATE, PRODUCT_TYPE, PROGRESS } from '../../enums';
import { CREDIT_LOG_FILTERS, creditLogQuery, filtersProblem } from './creditLogQuery';
import type { CreditLog } from './types';

const F = 'base.creditLogs.fields';

/** A cell of two lines: the main value, and a smaller one under it. */
function Two({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Box>{main}</Box>
      {sub !== undefined && sub !== '' && (
        <Typography variant="caption" color="text.secondary" component="div">
          {sub}
        </Typography>
      )}
    </Box>
  );
}

export default function CreditLogList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const suppliers = useMerchantOptions('supplier', staff);
  const distributors = useMerchantOptions('distributor', staff);
  const f = useFilters(CREDIT_LOG_FILTERS);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) => api.get<Page<CreditLog>>('finance-app', endpointOf(PERM.creditLog.list), { query: creditLogQuery(applied, page, size) }),
    [applied],
  );
  const inquire = () => {
    const problem = filtersProblem(f.draft);
    if (problem) notify('warning', intl.formatMessage({ id: problem }), 3000);
    else f.inquire();
  };
  const columns: Column<CreditLog>[] = [
    {
      key: 'order',
      title: `${F}.order`,
      render: (r) => <Two main={r.orderNumber || r.orderId} sub={r.orderNumber && r.orderNumber !== String(r.orderId) ? `ID ${r.orderId}` : undefined} />,
    },
    {
      key: 'product',
      title: `${F}.product`,
      render: (r) => <Two main={<Clip text={r.productName} width={140} />} sub={`${label(PRODUCT_TYPE, r.productType)} × ${r.orderNum}`} />,
    },
    {
      key: 'merchants',
      title: `${F}.merchants`,
      render: (r) => <Two main={<Clip text={r.supplierName || String(r.supplierMchId)} width={120} />} sub={r.distributorName || r.distributorMchId} />,
    },
    { key: 'contact', title: `${F}.contact`, render: (r) => <Two main={r.contactName || '--'} sub={r.contactPhone} /> },
    { key: 'travel', title: `${F}.travel`, render: (r) => <Two main={r.travelDate || '--'} sub={r.endTravelDate ? `→ ${r.endTravelDate}` : undefined} /> },
    { key: 'orderDate', title: `${F}.orderDate`, render: (r) => <Two main={dateTime(r.orderDate, false)} sub={dateTime(r.orderDate).slice(11)} /> },
    { key: 'orderPrice', title: `${F}.orderPrice`, render: (r) => <Two main={<Amount fen={r.orderPrice} strong />} sub={r.currencyCode} /> },
    {
      key: 'prices',
      title: staff ? `${F}.supplierDistributorPrice` : `${F}.distributorPrice`,
      render: (r) => (staff ? <Two main={<Amount fen={r.supplierPrice} />} sub={<Amount fen={r.distributorPrice} />} /> : <Amount fen={r.distributorPrice} />),
    },
    { key: 'statementPrice', title: `${F}.statementPrice`, render: (r) => <Amount fen={r.statementPrice} /> },
    {
      key: 'progress',
      title: `${F}.progress`,
      render: (r) => (
        <Two
          main={`${label(PROGRESS, r.receiptProgress)}${r.receiptDate ? ` ${dateTime(r.receiptDate, false)}` : ''}`}
          sub={`${label(PROGRESS, r.paymentProgress)}${r.paymentDate ? ` ${dateTime(r.paymentDate, false)}` : ''}`}
        />
      ),
    },
    { key: 'state', title: `${F}.state`, render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{label(CREDIT_LOG_STATE, r.state)}</Box> },
  ];
  return (
    <ListPage
      title="base.creditLogs.title"
      onInquire={inquire}
      onReset={f.reset}
      filters={
        <>
          {staff && (
            <SelectFilter label={`${F}.supplier`} value={f.draft.supplierMchId} onChange={(v) => f.set('supplierMchId', v)} options={suppliers} width={160} testId="creditlog-supplier" />
          )}
          {staff && (
            <SelectFilter
              label={`${F}.distributor`}
              value={f.draft.distributorMchId}
              onChange={(v) => f.set('distributorMchId', v)}
              options={distributors}
              width={160}
              testId="creditlog-distributor"
            />
          )}
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE} width={140} testId="creditlog-product-type" />
          <TextFilter label={`${F}.orderId`} value={f.draft.orderId} onChange={(v) => f.set('orderId', v)} digits width={120} testId="creditlog-order-id" />
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} width={150} testId="creditlog-product-name" />
          <TextFilter label={`${F}.contact`} value={f.draft.contact} onChange={(v) => f.set('contact', v)} width={140} testId="creditlog-contact" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={CREDIT_LOG_STATE} width={130} testId="creditlog-state" />
          <SelectFilter label={`${F}.receiptProgress`} value={f.draft.receiptProgress} onChange={(v) => f.set('receiptProgress', v)} enumeration={PROGRESS} width={130} testId="creditlog-receipt" />
          <SelectFilter label={`${F}.paymentProgress`} value={f.draft.paymentProgress} onChange={(v) => f.set('paymentProgress', v)} enumeration={PROGRESS} width={130} testId="creditlog-payment" />
          <SelectFilter label={`${F}.dateType`} value={f.draft.dateType} onChange={(v) => f.set('dateType', v)} enumeration={CREDIT_DATE_TYPE} noAll width={140} testId="creditlog-date-type" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="creditlog-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="creditlog-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-creditlogs-table" />
    </ListPage>
  );
}
