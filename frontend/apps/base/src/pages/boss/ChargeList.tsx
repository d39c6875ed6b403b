// The tenant's top-ups (saas-main GET /saas/boss/charge/list), newest first. The tenant's staff
// tick successful top-ups and ask for an invoice over them (POST /saas/boss/invoice/save).
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Checkbox } from '@mui/material';
import { AddButton, api, Clip, DataTable, dateTime, ListPage, money, notify, PERM, SelectFilter, useEnumLabel, useFilters, useHolds, type Column, type Page } from '@tradewind/shared';
import { BALANCE_LOG_STATE } from '../../enums';
import { InvoiceDialog } from './InvoiceDialog';
import { SUCCESS, type ChargeRow } from './types';

const EMPTY = { state: '' };
const F = 'base.balanceLogs.fields';
const STATES = { id: BALANCE_LOG_STATE.id, values: [1, 2, 3] };

export default function ChargeList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const mayAsk = useHolds(PERM.invoice.save);
  const [chosen, setChosen] = useState<ChargeRow[]>([]);
  const [asking, setAsking] = useState(false);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ChargeRow>>('saas-main', '/saas/boss/charge/list', { query: { page, resultNum: size, state: applied.state } }),
    [applied],
  );
  const toggle = (r: ChargeRow) => setChosen((c) => (c.some((x) => x.id === r.id) ? c.filter((x) => x.id !== r.id) : [...c, r]));
  const columns: Column<ChargeRow>[] = [
    ...(mayAsk
      ? [
          {
            key: 'pick',
            title: 'base.charges.pick',
            width: 40,
            render: (r: ChargeRow) =>
              r.state === SUCCESS ? (
                <Checkbox size="small" sx={{ p: 0 }} checked={chosen.some((x) => x.id === r.id)} onChange={() => toggle(r)} slotProps={{ input: { 'data-testid': `charge-pick-${r.id}` } as object }} />
              ) : null,
          },
        ]
      : []),
    { key: 'id', title: `${F}.id`, render: (r) => String(r.id) },
    { key: 'amount', title: `${F}.amount`, render: (r) => money(r.amount) },
    { key: 'balanceAfter', title: `${F}.balanceAfter`, render: (r) => money(r.balanceAfter) },
    { key: 'state', title: `${F}.state`, render: (r) => <span data-testid={`charge-state-${r.id}`}>{label(BALANCE_LOG_STATE, r.state)}</span> },
    { key: 'invoiceId', title: 'base.charges.invoiceId', render: (r) => (r.invoiceId ? String(r.invoiceId) : '--') },
    { key: 'remarks', title: `${F}.remarks`, render: (r) => <Clip text={r.remarks} width={260} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <ListPage
      title="base.charges.title"
      onInquire={() => {
        setChosen([]);
        f.inquire();
      }}
      onReset={() => {
        setChosen([]);
        f.reset();
      }}
      actions={
        mayAsk && (
          <AddButton
            label="base.charges.ask"
            onClick={() => (chosen.length ? setAsking(true) : notify('warning', intl.formatMessage({ id: 'base.charges.pickFirst' }), 3000))}
            testId="charge-ask-invoice"
          />
        )
      }
      filters={<SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={STATES} testId="charges-state" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-charges-table" />
      {asking && (
        <InvoiceDialog
          charges={chosen}
          onClose={() => setAsking(false)}
          onSaved={() => {
            setAsking(false);
            setChosen([]);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
