// Approval requests: the tenant's (saas-main GET /saas/approval/request/list), which its staff
// approve or reject with a remark; and "my requests" (GET myList), where a user files a request,
// sees the outcome and withdraws a pending one. One page for both, chosen by `mine`.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  Clip,
  DataTable,
  dateTime,
  FormDialog,
  FormText,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  rules,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useForm,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { APPROVAL_OPERATE, APPROVAL_REF, APPROVAL_STATE } from '../../enums';
import { RequestDialog } from './RequestDialog';
import { AP, PENDING, type ApprovalRow } from './types';

const EMPTY = { title: '', state: '', refType: '', operateType: '' };
const F = 'base.approvals.fields';

export function ApprovalPage({ mine }: { mine: boolean }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const [deciding, setDeciding] = useState<{ row: ApprovalRow; action: 'approve' | 'reject' } | null>(null);
  const [filing, setFiling] = useState(false);
  const may = {
    approve: useHolds(PERM.approval.approve),
    reject: useHolds(PERM.approval.reject),
    withdraw: useHolds(PERM.approval.withdraw),
    save: useHolds(PERM.approval.save),
  };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ApprovalRow>>('saas-main', `${AP}/${mine ? 'myList' : 'list'}`, {
        query: { page, resultNum: size, title: applied.title.trim(), state: applied.state, refType: applied.refType, operateType: applied.operateType },
      }),
    [applied, mine],
  );
  const columns: Column<ApprovalRow>[] = [
    { key: 'title', title: `${F}.title`, render: (r) => <Clip text={r.title} width={180} /> },
    { key: 'operateType', title: `${F}.operateType`, render: (r) => label(APPROVAL_OPERATE, r.operateType) },
    { key: 'refType', title: `${F}.refType`, render: (r) => label(APPROVAL_REF, r.refType) },
    { key: 'refName', title: `${F}.refName`, render: (r) => <Clip text={r.refName} width={140} /> },
    { key: 'content', title: `${F}.content`, render: (r) => <Clip text={r.content} width={200} /> },
    { key: 'state', title: `${F}.state`, render: (r) => <span data-testid={`approval-state-${r.id}`}>{label(APPROVAL_STATE, r.state)}</span> },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} width={160} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'decidedAt', title: `${F}.decidedAt`, render: (r) => dateTime(r.decidedAt ?? null) },
  ];
  const acts = mine ? may.withdraw : may.approve || may.reject;
  if (acts) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) =>
        r.state === PENDING &&
        (mine ? (
          <RowAction
            label="base.approvals.withdraw"
            color="warning"
            onClick={() =>
              confirm.ask(intl.formatMessage({ id: 'base.approvals.confirm.withdraw' }, { title: r.title }), () =>
                api.put('saas-main', `${AP}/withdraw`, { id: r.id }).then(refresh),
              )
            }
            testId={`approval-withdraw-${r.id}`}
          />
        ) : (
          <RowActions>
            {may.approve && <RowAction label="base.approvals.approve" onClick={() => setDeciding({ row: r, action: 'approve' })} testId={`approval-approve-${r.id}`} />}
            {may.reject && <RowAction label="base.approvals.reject" color="error" onClick={() => setDeciding({ row: r, action: 'reject' })} testId={`approval-reject-${r.id}`} />}
          </RowActions>
        )),
    });
  }
  return (
    <ListPage
      title={mine ? 'base.approvals.mineTitle' : 'base.approvals.title'}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mine && may.save && <AddButton onClick={() => setFiling(true)} testId="approval-add" />}
      filters={
        <>
          <TextFilter label={`${F}.title`} value={f.draft.title} onChange={(v) => f.set('title', v)} testId="approvals-title" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={APPROVAL_STATE} testId="approvals-state" />
          <SelectFilter label={`${F}.refType`} value={f.draft.refType} onChange={(v) => f.set('refType', v)} enumeration={APPROVAL_REF} testId="approvals-ref" />
          <SelectFilter label={`${F}.operateType`} value={f.draft.operateType} onChange={(v) => f.set('operateType', v)} enumeration={APPROVAL_OPERATE} testId="approvals-operate" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId={mine ? 'base-my-requests-table' : 'base-approvals-table'} />
      {deciding && (
        <DecisionDialog
          row={deciding.row}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            refresh();
          }}
        />
      )}
      {filing && (
        <RequestDialog
          onClose={() => setFiling(false)}
          onSaved={() => {
            setFiling(false);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}

/** Approving (remark optional) or rejecting (remark required) with the approver's remark. */
function DecisionDialog({ row, action, onClose, onDone }: { row: ApprovalRow; action: 'approve' | 'reject'; onClose: () => void; onDone: () => void }) {
  const form = useForm({ remark: '' });
  const submit = () =>
    void form
      .submit(
        {
          remark: action === 'reject' ? rules.all(rules.required('remark', `${F}.remark`), rules.length('remark', 1, 500)) : rules.length('remark', 0, 500),
        },
        (v) => api.put('saas-main', `${AP}/${action}`, { id: row.id, remark: v.remark.trim() }),
      )
      .then((ok) => ok && onDone());
  return (
    <FormDialog
      open
      title={action === 'approve' ? 'base.approvals.approveTitle' : 'base.approvals.rejectTitle'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={action === 'approve' ? 'base.approvals.approve' : 'base.approvals.reject'}
      testId="approval-decision"
    >
      <FormText form={form} name="remark" label={`${F}.remark`} required={action === 'reject'} multiline wide />
    </FormDialog>
  );
}

export default function ApprovalList() {
  return <ApprovalPage mine={false} />;
}
