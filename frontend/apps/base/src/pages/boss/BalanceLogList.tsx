// The tenant's balance log (top-ups and purchases), newest first:
// saas-main GET /saas/boss/balanceLog/list. Amounts in fen.
import { useCallback } from 'react';
import { api, Clip, DataTable, dateTime, ListPage, money, SelectFilter, useEnumLabel, useFilters, type Column, type Page } from '@tradewind/shared';
import { BALANCE_LOG_STATE, BALANCE_LOG_TYPE } from '../../enums';
import type { BalanceLogRow } from './types';

// Empty (not sent) is every type and state, as -99 would be.
const EMPTY = { logType: '', state: '' };
const F = 'base.balanceLogs.fields';

export default function BalanceLogList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<BalanceLogRow>>('saas-main', '/saas/boss/balanceLog/list', {
        query: { page, resultNum: size, logType: applied.logType, state: applied.state },
      }),
    [applied],
  );
  const columns: Column<BalanceLogRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'logType', title: `${F}.logType`, render: (r) => label(BALANCE_LOG_TYPE, r.logType) },
    { key: 'amount', title: `${F}.amount`, render: (r) => money(r.amount) },
    { key: 'balanceAfter', title: `${F}.balanceAfter`, render: (r) => money(r.balanceAfter) },
    { key: 'state', title: `${F}.state`, render: (r) => label(BALANCE_LOG_STATE, r.state) },
    { key: 'serviceId', title: `${F}.serviceId`, render: (r) => (r.serviceId ? r.serviceId : '--') },
    { key: 'remarks', title: `${F}.remarks`, render: (r) => <Clip text={r.remarks} width={260} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <ListPage
      title="base.balanceLogs.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label={`${F}.logType`} value={f.draft.logType} onChange={(v) => f.set('logType', v)} enumeration={BALANCE_LOG_TYPE} testId="balance-logs-type" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={BALANCE_LOG_STATE} testId="balance-logs-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-balance-logs-table" />
    </ListPage>
  );
}
