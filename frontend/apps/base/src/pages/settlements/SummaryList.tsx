// The reconciliation summary (GET /saas/finance/verify/listDistributorReceiptSummary or
// listSupplierPaySummary): per merchant and currency, its orders, what is due, received (paid) and
// outstanding (due = received + outstanding), and the orders marked abnormal. A row's orders open
// the order list of that merchant.
import { useCallback } from 'react';
import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { api, DataTable, endpointOf, ListPage, RowAction, SelectFilter, useFilters, useHolds, useIsTenantStaff, useMerchantOptions, type Column, type Page } from '@tradewind/shared';
import { Amount } from '../../Amount';
import { APP } from '../../app';
import { SIDES } from './sides';
import type { Row, SideName } from './types';

export const ORDERS_PATH: Record<SideName, string> = {
  receipt: `/${APP}/finance/verify/listDistributorVerifyOrder`,
  payment: `/${APP}/finance/verify/listSupplierVerifyOrder`,
};

export function SummaryList({ sideName }: { sideName: SideName }) {
  const side = SIDES[sideName];
  const F = `base.settlements.${sideName}`;
  const navigate = useNavigate();
  const staff = useIsTenantStaff();
  const merchants = useMerchantOptions(side.mch, staff);
  const mayOrders = useHolds(side.codes.orders);
  const f = useFilters({ mchId: '' });
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) => api.get<Page<Row>>('finance-app', endpointOf(side.codes.summary), { query: { page, resultNum: size, [side.mchId]: applied.mchId } }),
    [applied, side],
  );
  const columns: Column<Row>[] = [
    { key: 'mch', title: `${F}.merchant`, render: (r) => String(r[side.mchName] || r[side.mchId]) },
    { key: 'currencyCode', title: 'base.settlements.currency' },
    { key: 'orderCount', title: 'base.settlements.orderCount' },
    { key: 'due', title: `${F}.due`, render: (r) => <Amount fen={Number(r[side.due])} /> },
    { key: 'arrivalPrice', title: `${F}.done`, render: (r) => <Amount fen={Number(r.arrivalPrice)} /> },
    { key: 'outstanding', title: 'base.settlements.outstanding', render: (r) => <Amount fen={Number(r.outstanding)} strong /> },
    {
      key: 'abnormalCount',
      title: 'base.settlements.abnormal',
      render: (r) => <Box sx={{ color: Number(r.abnormalCount) > 0 ? 'error.main' : undefined }}>{r.abnormalCount}</Box>,
    },
  ];
  if (mayOrders) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowAction label="base.settlements.orders" onClick={() => navigate(`${ORDERS_PATH[sideName]}?mchId=${r[side.mchId]}`)} testId={`summary-orders-${r[side.mchId]}`} />
      ),
    });
  }
  return (
    <ListPage
      title={`${F}.summaryTitle`}
      onInquire={f.inquire}
      onReset={f.reset}
      filters={staff && <SelectFilter label={`${F}.merchant`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={merchants} width={200} testId="summary-merchant" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => `${r[side.mchId]}-${r.currencyCode}`} testId={`base-${sideName}-summary-table`} />
    </ListPage>
  );
}
