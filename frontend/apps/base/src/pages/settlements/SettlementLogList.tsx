// Every money record of one side across its settlements, as the spec's menu names the pages:
// receiptLog/list (money received from distributors, GET /saas/finance/receiptLog/list) and
// paymentLog/list (money paid to suppliers, GET .../paymentLog/list), newest first, by merchant,
// state and the money's date: amount, date, serial number, the tenant's bank account it went
// through, information, who recorded and who confirmed it. A row opens its receipt (payment),
// where the money is confirmed, rolled back or deleted. A distributor's (supplier's) user sees its own.
import { useCallback, useState } from 'react';
import {
  api,
  DataTable,
  DateFilter,
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
import { SETTLEMENT_LOG_STATE } from '../../enums';
import { SettlementDetail } from './SettlementDetail';
import { bankOf, SIDES } from './sides';
import type { Row, SideName } from './types';

const EMPTY = { mchId: '', state: '', startDate: '', endDate: '' };

export function SettlementLogList({ sideName }: { sideName: SideName }) {
  const side = SIDES[sideName];
  const F = `base.settlements.${sideName}`;
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const merchants = useMerchantOptions(side.mch, staff);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [shown, setShown] = useState<number | null>(null);
  const mayLoad = useHolds(side.codes.load);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Row>>('finance-app', endpointOf(side.codes.logList), {
        query: { page, resultNum: size, [side.mchId]: applied.mchId, state: applied.state, startDate: applied.startDate, endDate: applied.endDate },
      }),
    [applied, side],
  );
  const columns: Column<Row>[] = [
    { key: 'date', title: `${F}.logDate`, width: 100, render: (l) => <span style={{ whiteSpace: 'nowrap' }}>{String(l[side.logDate])}</span> },
    { key: 'mch', title: `${F}.merchant`, render: (l) => String(l[side.mchName] || l[side.mchId]) },
    { key: 'settlement', title: `${F}.idOf`, render: (l) => String(l[side.id]) },
    {
      key: 'money',
      title: 'base.settlements.money',
      render: (l) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Amount fen={Number(l.money)} strong /> {String(l.currencyCode)}
        </span>
      ),
    },
    { key: 'bank', title: 'base.settlements.bank', render: (l) => bankOf(l) },
    // The bank's serial number above what was written of the money (payer or payee), to fit 1440 px.
    {
      key: 'serialId',
      title: 'base.settlements.serialId',
      render: (l) => (
        <>
          <span>{String(l.serialId || '--')}</span>
          {l[side.logInfo] ? <div style={{ fontSize: 12, opacity: 0.7 }}>{String(l[side.logInfo])}</div> : null}
        </>
      ),
    },
    { key: 'user', title: 'base.settlements.recordedBy', render: (l) => String(l.userName) },
    { key: 'confirm', title: 'base.settlements.confirmedBy', render: (l) => (l.confirmDate ? `${dateTime(Number(l.confirmDate))} ${l.confirmUserName}` : '--') },
    { key: 'state', title: 'base.settlements.state', render: (l) => label(SETTLEMENT_LOG_STATE, Number(l.state)) },
  ];
  if (mayLoad) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (l) => <RowAction label={`${F}.open`} onClick={() => setShown(Number(l[side.id]))} testId={`log-settlement-${l.id}`} />,
    });
  }
  return (
    <ListPage
      title={`${F}.logsTitle`}
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          {staff && <SelectFilter label={`${F}.merchant`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={merchants} width={200} testId="settlement-log-merchant" />}
          <SelectFilter label="base.settlements.state" value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SETTLEMENT_LOG_STATE} testId="settlement-log-state" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="settlement-log-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="settlement-log-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(l) => Number(l.id)} testId={`base-${sideName}-logs-table`} />
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
