// The ledger rows of reconciliation (GET /saas/finance/verify/listDistributorVerifyOrder or
// listSupplierVerifyOrder), oldest orders first: what each order owes on this side, what it has
// received (been paid), its progress, verify state (abnormal -1, not reconciled 0, 1-3 reconciled)
// and the receipt (payment) it is in. The tenant's finance staff tick orders of one merchant in
// none and make a receipt (payment) of them (POST .../VerifyDistributorOrderList or
// VerifySupplierOrderList) with a remark; finance-app refuses rows of several merchants or
// currencies, or already taken, with its reason.
import { useCallback, useState } from 'react';
import { Checkbox } from '@mui/material';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  AddButton,
  api,
  DataTable,
  DateFilter,
  dateTime,
  endpointOf,
  FormDialog,
  FormText,
  ListPage,
  notify,
  rules,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useForm,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Option,
  type Page,
} from '@tradewind/shared';
import { Amount } from '../../Amount';
import { PROGRESS, VERIFY_STATE } from '../../enums';
import { SIDES, type Side } from './sides';
import type { Row, SideName } from './types';

/** Failed orders (credit log state 3) owe nothing and cannot be settled. */
const FAILED = 3;

/** Whether a ledger row may go into a new receipt (payment): in none, owing something, not failed. */
export function selectable(side: Side, r: Row): boolean {
  return Number(r[side.id]) === 0 && Number(r[side.rowDue]) > 0 && Number(r.state) !== FAILED;
}

export function VerifyOrderList({ sideName }: { sideName: SideName }) {
  const [params] = useSearchParams();
  const fromUrl = (params.get('mchId') ?? '').replace(/\D/g, '');
  return <OrdersView key={fromUrl} sideName={sideName} mchId={fromUrl} />;
}

function OrdersView({ sideName, mchId }: { sideName: SideName; mchId: string }) {
  const side = SIDES[sideName];
  const F = `base.settlements.${sideName}`;
  const intl = useIntl();
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const merchants = useMerchantOptions(side.mch, staff);
  const empty = { mchId: '', verifyState: '', inNone: '', startDate: '', endDate: '' };
  const f = useFilters(empty, { ...empty, mchId });
  const { applied, refresh } = f;
  const mayMake = useHolds(side.codes.make);
  const [chosen, setChosen] = useState<number[]>([]);
  const [making, setMaking] = useState(false);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Row>>('finance-app', endpointOf(side.codes.orders), {
        query: {
          page,
          resultNum: size,
          [side.mchId]: applied.mchId,
          verifyState: applied.verifyState,
          [side.id]: applied.inNone ? 0 : undefined,
          startDate: applied.startDate,
          endDate: applied.endDate,
        },
      }),
    [applied, side],
  );
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const other = side.mch === 'distributor' ? 'supplier' : 'distributor';
  const columns: Column<Row>[] = [
    ...(mayMake
      ? [
          {
            key: 'pick',
            title: 'base.settlements.pick',
            width: 40,
            render: (r: Row) =>
              selectable(side, r) ? (
                <Checkbox size="small" sx={{ p: 0 }} checked={chosen.includes(Number(r.id))} onChange={() => toggle(Number(r.id))} slotProps={{ input: { 'data-testid': `pick-${r.id}` } as object }} />
              ) : null,
          },
        ]
      : []),
    { key: 'order', title: 'base.creditLogs.fields.order', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{String(r.orderNumber || r.orderId)}</span> },
    { key: 'product', title: 'base.creditLogs.fields.product', render: (r) => String(r.productName) },
    { key: 'mch', title: `${F}.merchant`, render: (r) => String(r[side.mchName] || r[side.mchId]) },
    { key: 'other', title: `base.creditLogs.fields.${other}`, render: (r) => String(r[`${other}Name`] || r[`${other}MchId`]) },
    { key: 'orderDate', title: 'base.creditLogs.fields.orderDate', render: (r) => dateTime(Number(r.orderDate), false) },
    { key: 'currencyCode', title: 'base.settlements.currency', width: 60 },
    { key: 'due', title: `${F}.due`, render: (r) => <Amount fen={Number(r[side.rowDue])} strong /> },
    { key: 'done', title: `${F}.done`, render: (r) => <Amount fen={Number(r[side.rowDone])} /> },
    { key: 'progress', title: `${F}.progress`, render: (r) => label(PROGRESS, Number(r[side.progress])) },
    { key: 'verify', title: 'base.settlements.verify', render: (r) => label(VERIFY_STATE, Number(r[side.rowVerify])) },
    { key: 'settlement', title: `${F}.idOf`, render: (r) => (Number(r[side.id]) ? String(r[side.id]) : '--') },
  ];
  const inNone: Option[] = [{ value: '1', text: intl.formatMessage({ id: `${F}.inNone` }) }];
  return (
    <ListPage
      title={`${F}.ordersTitle`}
      onInquire={() => {
        setChosen([]);
        f.inquire();
      }}
      onReset={() => {
        setChosen([]);
        f.reset();
      }}
      actions={
        mayMake && (
          <AddButton
            label={`${F}.make`}
            onClick={() => (chosen.length ? setMaking(true) : notify('warning', intl.formatMessage({ id: 'base.settlements.pickFirst' }), 3000))}
            testId="settlement-make"
          />
        )
      }
      filters={
        <>
          {staff && <SelectFilter label={`${F}.merchant`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={merchants} width={200} testId="verify-merchant" />}
          <SelectFilter label="base.settlements.verify" value={f.draft.verifyState} onChange={(v) => f.set('verifyState', v)} enumeration={VERIFY_STATE} testId="verify-state" />
          <SelectFilter label={`${F}.idOf`} value={f.draft.inNone} onChange={(v) => f.set('inNone', v)} options={inNone} testId="verify-in-none" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="verify-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="verify-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => Number(r.id)} testId={`base-${sideName}-orders-table`} />
      {making && (
        <MakeDialog
          side={side}
          ids={chosen}
          onClose={() => setMaking(false)}
          onMade={() => {
            setMaking(false);
            setChosen([]);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}

function MakeDialog({ side, ids, onClose, onMade }: { side: Side; ids: number[]; onClose: () => void; onMade: () => void }) {
  const F = `base.settlements.${side.name}`;
  const form = useForm({ remark: '', creditLogIds: String(ids.length) });
  const submit = () =>
    void form
      .submit({ remark: rules.length('remark', 0, 500) }, (v) => api.post('finance-app', endpointOf(side.codes.make), { creditLogIds: ids, remark: v.remark.trim() }))
      .then((ok) => ok && onMade());
  return (
    <FormDialog open title={`${F}.make`} busy={form.busy} onClose={onClose} onSubmit={submit} testId="make-dialog">
      <FormText form={form} name="creditLogIds" label="base.settlements.chosen" disabled wide />
      <FormText form={form} name="remark" label="base.settlements.remark" multiline wide />
    </FormDialog>
  );
}
