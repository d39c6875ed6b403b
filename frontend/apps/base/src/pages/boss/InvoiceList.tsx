// Invoice requests. A tenant's (saas-main GET /saas/boss/invoice/list): its own, asked for on
// the Top-ups page, withdrawn while invoicing after a question (PUT /saas/boss/invoice/withdraw).
// A platform administrator's (GET /saas/platform/invoice/list): every tenant's, each marked issued
// with its number (PUT /saas/platform/invoice/issue) or refused with a reason the tenant reads
// (PUT /saas/platform/invoice/refuse), after a question. A withdrawn or refused request's top-ups
// can be asked for again; the state column says when it was closed and, refused, why.
import { Fragment, useCallback, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { api, Clip, ConfirmDialog, DataTable, dateTime, FormDialog, FormText, ListPage, money, notify, PERM, RowAction, RowActions, rules, SelectFilter, TextFilter, useConfirm, useEnumLabel, useFilters, useForm, useHolds, type Column, type Page } from '@tradewind/shared';
import { INVOICE_STATE, INVOICE_TYPE } from '../../enums';
import { INVOICING, REFUSED, WITHDRAWN, type InvoiceRow } from './types';

const EMPTY = { state: '', saasId: '' };
const F = 'base.invoices.fields';

/** The buyer's details a request asks the invoice to, as the platform reads them before acting on it. */
function InvoiceDetails({ row, testId }: { row: InvoiceRow; testId: string }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const details: [string, string][] = [
    ['saas', row.saasName || String(row.saasId)],
    ['invoiceType', label(INVOICE_TYPE, row.invoiceType)],
    ['title', row.title],
    ['taxNo', row.taxNo],
    ['amount', `${money(row.amount)} (${row.logCount})`],
    ['email', row.email],
    ['addressPhone', row.addressPhone || '--'],
    ['bankAccount', row.bankAccount || '--'],
    ['remarks', row.remarks || '--'],
  ];
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }} data-testid={testId}>
      {details.map(([k, v]) => (
        <Fragment key={k}>
          <Typography variant="body2" color="text.secondary">
            {intl.formatMessage({ id: `${F}.${k}` })}
          </Typography>
          <Typography variant="body2">{v}</Typography>
        </Fragment>
      ))}
    </Box>
  );
}

function IssueDialog({ row, onClose, onDone }: { row: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const form = useForm({ invoiceNo: '' });
  const [confirming, setConfirming] = useState(false);
  const checks = { invoiceNo: rules8to20 };
  // The number is checked, then the question, then the request.
  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(checks, (v) => api.put('saas-main', '/saas/platform/invoice/issue', { id: row.id, invoiceNo: v.invoiceNo.trim() }));
    if (ok) onDone();
  };
  return (
    <FormDialog open title="base.invoices.issueTitle" busy={form.busy} onClose={onClose} onSubmit={() => form.check(checks) && setConfirming(true)} submitLabel="base.invoices.issue" testId="invoice-issue-dialog">
      <InvoiceDetails row={row} testId="invoice-issue-details" />
      <FormText form={form} name="invoiceNo" label={`${F}.invoiceNo`} required digits />
      <ConfirmDialog
        question={confirming ? intl.formatMessage({ id: 'base.invoices.confirm.issue' }, { title: row.title, amount: money(row.amount) }) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </FormDialog>
  );
}

const rules8to20 = (v: { invoiceNo: string }, intl: ReturnType<typeof useIntl>) =>
  /^\d{8,20}$/.test(v.invoiceNo.trim()) ? null : intl.formatMessage({ id: 'base.invoices.invoiceNoWrong' });

/** The longest refusal reason saas-main takes. */
const MAX_REASON = 200;

// The reason is checked, then the question, then the request; a 412 on `reason` shows under the
// field and the dialog stays open.
function RefuseDialog({ row, onClose, onDone }: { row: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const form = useForm({ reason: '' }, { saved: 'base.invoices.refused' });
  const [confirming, setConfirming] = useState(false);
  const checks = { reason: rules.all(rules.required('reason', `${F}.closeReason`), rules.length('reason', 1, MAX_REASON)) };
  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(checks, (v) => api.put('saas-main', '/saas/platform/invoice/refuse', { id: row.id, reason: v.reason.trim() }));
    if (ok) onDone();
  };
  return (
    <FormDialog open title="base.invoices.refuseTitle" busy={form.busy} onClose={onClose} onSubmit={() => form.check(checks) && setConfirming(true)} submitLabel="base.invoices.refuse" testId="invoice-refuse-dialog">
      <InvoiceDetails row={row} testId="invoice-refuse-details" />
      {/* One line: the tenant reads it under the state in its list. */}
      <FormText form={form} name="reason" label={`${F}.closeReason`} required wide />
      <ConfirmDialog
        question={confirming ? intl.formatMessage({ id: 'base.invoices.confirm.refuse' }, { title: row.title, amount: money(row.amount) }) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </FormDialog>
  );
}

/** A request's state; a withdrawn or refused one says when, a refused one why. */
function InvoiceState({ row }: { row: InvoiceRow }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const closed = row.state === WITHDRAWN || row.state === REFUSED;
  return (
    <>
      <div data-testid={`invoice-state-${row.id}`}>{label(INVOICE_STATE, row.state)}</div>
      {closed && (
        <Typography variant="caption" color="text.secondary" component="div">
          {dateTime(row.closeDate)}
        </Typography>
      )}
      {row.state === REFUSED && row.closeReason && (
        <Typography variant="caption" color="error" component="div" sx={{ maxWidth: 220, whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid={`invoice-reason-${row.id}`}>
          {intl.formatMessage({ id: 'base.invoices.reason' }, { reason: row.closeReason })}
        </Typography>
      )}
    </>
  );
}

export default function InvoiceList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const platform = useHolds(PERM.invoice.platformList);
  const mayIssue = useHolds(PERM.invoice.issue);
  const mayRefuse = useHolds(PERM.invoice.refuse);
  // Withdrawing is the tenant's staff's (saas-main refuses it to the platform's administrators).
  const mayWithdraw = useHolds(PERM.invoice.withdraw) && !platform;
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const [issuing, setIssuing] = useState<InvoiceRow | null>(null);
  const [refusing, setRefusing] = useState<InvoiceRow | null>(null);
  const withdraw = (r: InvoiceRow) =>
    confirm.ask(intl.formatMessage({ id: 'base.invoices.confirm.withdraw' }, { title: r.title, amount: money(r.amount) }), async () => {
      try {
        await api.put('saas-main', '/saas/boss/invoice/withdraw', { id: r.id });
      } finally {
        // Withdrawn, or found issued or refused meanwhile (the client has shown the 412): the
        // row shows what it is now.
        refresh();
      }
      notify('success', intl.formatMessage({ id: 'base.invoices.withdrawn' }), 3000);
      return true;
    });
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<InvoiceRow>>('saas-main', platform ? '/saas/platform/invoice/list' : '/saas/boss/invoice/list', {
        query: { page, resultNum: size, state: applied.state, ...(platform ? { saasId: applied.saasId.trim() } : {}) },
      }),
    [applied, platform],
  );
  const columns: Column<InvoiceRow>[] = [
    { key: 'id', title: `${F}.id`, render: (r) => String(r.id) },
    ...(platform ? [{ key: 'saasName', title: `${F}.saas`, render: (r: InvoiceRow) => <Clip text={r.saasName || String(r.saasId)} width={120} /> }] : []),
    { key: 'invoiceType', title: `${F}.invoiceType`, render: (r) => label(INVOICE_TYPE, r.invoiceType) },
    { key: 'title', title: `${F}.title`, render: (r) => <Clip text={r.title} width={160} /> },
    // The platform reads the buyer's details in the issue dialog: the table keeps to 1440 px.
    ...(platform ? [] : [{ key: 'taxNo', title: `${F}.taxNo`, render: (r: InvoiceRow) => r.taxNo }]),
    { key: 'amount', title: `${F}.amount`, render: (r) => money(r.amount) },
    { key: 'state', title: `${F}.state`, render: (r) => <InvoiceState row={r} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    {
      key: 'invoiceNo',
      title: `${F}.invoiceNo`,
      render: (r) =>
        r.invoiceNo ? (
          <>
            <div>{r.invoiceNo}</div>
            <Typography variant="caption" color="text.secondary">
              {r.issueDate ? dateTime(r.issueDate) : ''}
            </Typography>
          </>
        ) : (
          '--'
        ),
    },
    ...((platform && (mayIssue || mayRefuse)) || mayWithdraw
      ? [
          {
            key: 'actions',
            title: 'form.actions',
            render: (r: InvoiceRow) =>
              r.state === INVOICING && (
                <RowActions>
                  {platform && mayIssue && <RowAction label="base.invoices.issue" onClick={() => setIssuing(r)} testId={`invoice-issue-${r.id}`} />}
                  {platform && mayRefuse && <RowAction label="base.invoices.refuse" color="error" onClick={() => setRefusing(r)} testId={`invoice-refuse-${r.id}`} />}
                  {mayWithdraw && <RowAction label="base.invoices.withdraw" color="warning" onClick={() => withdraw(r)} testId={`invoice-withdraw-${r.id}`} />}
                </RowActions>
              ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title={platform ? 'base.invoices.platformTitle' : 'base.invoices.title'}
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={INVOICE_STATE} testId="invoices-state" />
          {platform && <TextFilter label={`${F}.saasId`} value={f.draft.saasId} onChange={(v) => f.set('saasId', v)} testId="invoices-saas" />}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-invoices-table" />
      {issuing && (
        <IssueDialog
          row={issuing}
          onClose={() => setIssuing(null)}
          onDone={() => {
            setIssuing(null);
            refresh();
          }}
        />
      )}
      {refusing && (
        <RefuseDialog
          row={refusing}
          onClose={() => setRefusing(null)}
          onDone={() => {
            setRefusing(null);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}
