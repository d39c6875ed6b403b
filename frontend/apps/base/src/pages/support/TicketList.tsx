// Support tickets (work orders). "My tickets" (saas-main GET /saas/support/mySupport/list): a
// tenant's users submit a ticket, read the replies, reply, mark it solved and restore it. "Work
// orders" (GET /saas/platform/workOrder/list, platform administrators): every tenant's tickets,
// assigned, answered, solved and restored by the platform's support staff. One page for both,
// chosen by `support`; `?supportId=` opens one ticket (the assignee's notification links there).
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  AddButton,
  api,
  Clip,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { SUPPORT_BUSINESS, SUPPORT_STATE } from '../../enums';
import { AssignDialog, SubmitDialog } from './TicketDialogs';
import { TicketView } from './TicketView';
import { MINE, SOLVED, WORK, type TicketRow } from './types';

const EMPTY = { title: '', state: '', businessType: '', saasId: '', mine: '' };
const F = 'base.support.fields';
const MINE_ONLY = { id: 'base.support.assignedTo', values: [1] };

export function TicketPage({ support }: { support: boolean }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('supportId') ?? 0);
  const [assigning, setAssigning] = useState<TicketRow | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const P = support ? PERM.workOrder : PERM.support;
  const base = support ? WORK : MINE;
  const may = {
    solve: useHolds(P.solve),
    restore: useHolds(P.restore),
    save: useHolds(PERM.support.save),
    assign: useHolds(PERM.workOrder.assign),
  };
  const open = (id: number) => setParams(id ? { supportId: String(id) } : {});
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<TicketRow>>('saas-main', `${base}/list`, {
        query: {
          page,
          resultNum: size,
          title: applied.title.trim(),
          state: applied.state,
          businessType: applied.businessType,
          ...(support ? { saasId: applied.saasId.trim(), mine: applied.mine === '1' ? 'true' : '' } : {}),
        },
      }),
    [applied, base, support],
  );
  const act = (r: TicketRow, action: 'solve' | 'restore') =>
    confirm.ask(intl.formatMessage({ id: `base.support.confirm.${action}` }, { title: r.title }), () =>
      api.put('saas-main', `${base}/${action}`, { supportId: r.supportId }).then(refresh),
    );
  const columns: Column<TicketRow>[] = [
    { key: 'supportId', title: `${F}.supportId`, render: (r) => String(r.supportId) },
    ...(support ? [{ key: 'saasId', title: `${F}.saasId`, render: (r: TicketRow) => String(r.saasId) }] : []),
    { key: 'businessType', title: `${F}.businessType`, render: (r) => label(SUPPORT_BUSINESS, r.businessType) },
    { key: 'subject', title: `${F}.subject`, render: (r) => <Clip text={r.subject} width={100} /> },
    { key: 'title', title: `${F}.title`, render: (r) => <Clip text={r.title} width={180} /> },
    { key: 'applicant', title: `${F}.applicant`, render: (r) => <Clip text={r.applicant} width={90} /> },
    { key: 'assigneeName', title: `${F}.assignee`, render: (r) => r.assigneeName || '--' },
    { key: 'state', title: `${F}.state`, render: (r) => <span data-testid={`ticket-state-${r.supportId}`}>{label(SUPPORT_STATE, r.state)}</span> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'lastDate', title: `${F}.lastDate`, render: (r) => dateTime(r.lastDate) },
    {
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          <RowAction label="base.support.view" onClick={() => open(r.supportId)} testId={`ticket-view-${r.supportId}`} />
          {support && may.assign && r.state !== SOLVED && <RowAction label="base.support.assign" onClick={() => setAssigning(r)} testId={`ticket-assign-${r.supportId}`} />}
          {may.solve && r.state !== SOLVED && <RowAction label="base.support.solve" color="warning" onClick={() => act(r, 'solve')} testId={`ticket-solve-${r.supportId}`} />}
          {may.restore && r.state === SOLVED && <RowAction label="base.support.restore" onClick={() => act(r, 'restore')} testId={`ticket-restore-${r.supportId}`} />}
        </RowActions>
      ),
    },
  ];
  return (
    <ListPage
      title={support ? 'base.support.workTitle' : 'base.support.title'}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={!support && may.save && <AddButton onClick={() => setSubmitting(true)} testId="ticket-add" />}
      filters={
        <>
          <TextFilter label={`${F}.title`} value={f.draft.title} onChange={(v) => f.set('title', v)} testId="tickets-title" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SUPPORT_STATE} testId="tickets-state" />
          <SelectFilter label={`${F}.businessType`} value={f.draft.businessType} onChange={(v) => f.set('businessType', v)} enumeration={SUPPORT_BUSINESS} testId="tickets-business" />
          {support && <TextFilter label={`${F}.saasId`} value={f.draft.saasId} onChange={(v) => f.set('saasId', v)} testId="tickets-saas" />}
          {support && <SelectFilter label={`${F}.assignee`} value={f.draft.mine} onChange={(v) => f.set('mine', v)} enumeration={MINE_ONLY} testId="tickets-mine" />}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.supportId} testId={support ? 'base-work-orders-table' : 'base-tickets-table'} />
      {opened > 0 && <TicketView id={opened} support={support} onClose={() => open(0)} onChanged={refresh} />}
      {assigning && (
        <AssignDialog
          row={assigning}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            refresh();
          }}
        />
      )}
      {submitting && (
        <SubmitDialog
          onClose={() => setSubmitting(false)}
          onSaved={() => {
            setSubmitting(false);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}

export default function TicketList() {
  return <TicketPage support={false} />;
}
