// Prepaid money in and out (finance-app GET /saas/cash/log/list), newest first, by distributor,
// direction and days; the tenant's finance staff record money in or out (POST .../save) after a
// question. A distributor's user sees its own movements.
import { useCallback, useState } from 'react';
import { Box } from '@mui/material';
import { useIntl } from 'react-intl';
import {
  AddButton,
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
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { Amount } from '../../Amount';
import { CASH_DIRECTION } from '../../enums';
import { CashDialog } from './CashDialog';
import type { CashLog } from './types';

const EMPTY = { mchId: '', direction: '', startDate: '', endDate: '' };
const F = 'base.cashLogs.fields';

export default function CashLogList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const distributors = useMerchantOptions('distributor', staff);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [adding, setAdding] = useState(false);
  const maySave = useHolds(PERM.cashLog.save);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<CashLog>>('finance-app', endpointOf(PERM.cashLog.list), {
        query: { page, resultNum: size, mchId: applied.mchId, direction: applied.direction, startDate: applied.startDate, endDate: applied.endDate },
      }),
    [applied],
  );
  const nameOf = (mchId: number) => distributors.find((d) => d.value === String(mchId))?.text ?? String(mchId);
  const inquire = () => {
    const { startDate, endDate } = f.draft;
    if (startDate && endDate && startDate > endDate) notify('warning', intl.formatMessage({ id: 'base.common.datesReversed' }), 3000);
    else f.inquire();
  };
  const columns: Column<CashLog>[] = [
    { key: 'id', title: `${F}.id`, width: 80 },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'mchId', title: `${F}.distributor`, render: (r) => r.mchName || nameOf(r.mchId) },
    { key: 'direction', title: `${F}.direction`, render: (r) => label(CASH_DIRECTION, r.money < 0 ? 2 : 1) },
    {
      key: 'money',
      title: `${F}.amount`,
      render: (r) => (
        <Box component="span" sx={{ color: r.money < 0 ? 'error.main' : 'success.main' }}>
          <Amount fen={r.money} />
        </Box>
      ),
    },
    { key: 'balance', title: `${F}.balance`, render: (r) => <Amount fen={r.balance} /> },
    { key: 'currency', title: `${F}.currency`, width: 60 },
    { key: 'username', title: `${F}.username`, render: (r) => r.username || '--' },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} width={260} /> },
  ];
  return (
    <ListPage
      title="base.cashLogs.title"
      onInquire={inquire}
      onReset={f.reset}
      actions={maySave && <AddButton label="base.cashLogs.add" onClick={() => setAdding(true)} testId="cash-add" />}
      filters={
        <>
          {staff && <SelectFilter label={`${F}.distributor`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={distributors} width={200} testId="cash-distributor" />}
          <SelectFilter label={`${F}.direction`} value={f.draft.direction} onChange={(v) => f.set('direction', v)} enumeration={CASH_DIRECTION} testId="cash-direction" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="cash-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="cash-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-cash-table" />
      {adding && (
        <CashDialog
          distributors={distributors}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
