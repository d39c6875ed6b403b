// Receipts from distributors (finance-app GET /saas/finance/receipt/list) or payments to
// suppliers (GET .../payment/list), by merchant, state and progress: due, received (paid),
// progress, orders, who confirmed and reviewed. A row's detail holds its orders and money records
// and the actions on them. A distributor's (supplier's) user sees its own receipts (payments).
import { useCallback, useState } from 'react';
import {
  api,
  DataTable,
  dateTime,
  endpointOf,
  ListPage,
  RowAction,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { Amount } from '../../Amount';
import { PAYMENT_STATE, PROGRESS, RECEIPT_STATE } from '../../enums';
import { SettlementDetail } from './SettlementDetail';
import { SIDES } from './sides';
import type { Row, SideName } from './types';

const EMPTY = { mchId: '', state: '', progress: '' };

export function SettlementList({ sideName }: { sideName: SideName }) {
  const side = SIDES[sideName];
  const F = `base.settlements.${sideName}`;
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const merchants = useMerchantOptions(side.mch, staff);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [shown, setShown] = useState<number | null>(null);
  const mayLoad = useHolds(side.codes.load);
  const STATE = sideName === 'receipt' ? RECEIPT_STATE : PAYMENT_STATE;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Row>>('finance-app', endpointOf(side.codes.list), {
        query: { page, resultNum: size, [side.mchId]: applied.mchId, state: applied.state, [side.progress]: applied.progress },
      }),
    [applied, side],
  );
  const columns: Column<Row>[] = [
    { key: 'id', title: 'base.settlements.id', width: 80, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.id}</span> },
    { key: 'mch', title: `${F}.merchant`, render: (r) => String(r[side.mchName] || r[side.mchId]) },
    { key: 'currencyCode', title: 'base.settlements.currency', width: 60 },
    { key: 'due', title: `${F}.due`, render: (r) => <Amount fen={Number(r[side.due])} strong /> },
    { key: 'arrivalPrice', title: `${F}.done`, render: (r) => <Amount fen={Number(r.arrivalPrice)} /> },
    { key: 'progress', title: `${F}.progress`, render: (r) => label(PROGRESS, Number(r[side.progress])) },
    { key: 'orderCount', title: 'base.settlements.orderCount', width: 60 },
    { key: 'state', title: 'base.settlements.state', render: (r) => label(STATE, Number(r.state)) },
    { key: 'confirm', title: 'base.settlements.lastConfirm', render: (r) => (r.confirmDate ? `${dateTime(Number(r.confirmDate))} ${r.confirmUserName}` : '--') },
    { key: 'check', title: 'base.settlements.checked', render: (r) => (r.checkDate ? `${dateTime(Number(r.checkDate))} ${r.checkUserName}` : '--') },
  ];
  if (mayLoad) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => <RowAction label="base.settlements.detail" onClick={() => setShown(Number(r.id))} testId={`settlement-detail-${r.id}`} />,
    });
  }
  return (
    <ListPage
      title={`${F}.title`}
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          {staff && <SelectFilter label={`${F}.merchant`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={merchants} width={200} testId="settlement-merchant" />}
          <SelectFilter label="base.settlements.state" value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={STATE} testId="settlement-state" />
          <SelectFilter label={`${F}.progress`} value={f.draft.progress} onChange={(v) => f.set('progress', v)} enumeration={PROGRESS} testId="settlement-progress" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => Number(r.id)} testId={`base-${sideName}s-table`} />
      {shown !== null && (
        <SettlementDetail
          side={side}
          id={shown}
          onClose={() => {
            setShown(null);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
