// Invoice requests. A tenant's (saas-main GET /saas/boss/invoice/list): its own, asked for on
// the Top-ups page. A platform administrator's (GET /saas/platform/invoice/list): every
// tenant's, each marked issued with its number after a confirmation
// (PUT /saas/platform/invoice/issue).
import { Fragment, useCallback, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { api, Clip, ConfirmDialog, DataTable, dateTime, FormDialog, FormText, ListPage, money, PERM, RowAction, RowActions, SelectFilter, TextFilter, useEnumLabel, useFilters, useForm, useHolds, type Column, type Page } from '@tradewind/shared';
import { INVOICE_STATE, INVOICE_TYPE } from '../../enums';
import { INVOICING, type InvoiceRow } from './types';

const EMPTY = { state: '', saasId: '' };
const F = 'base.invoices.fields';

function IssueDialog({ row, onClose, onDone }: { row: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const form = useForm({ invoiceNo: '' });
  const [confirming, setConfirming] = useState(false);
  const checks = { invoiceNo: rules8to20 };
  // The number is checked, then the question, then the request.
  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(checks, (v) => api.put('saas-main', '/saas/platform/invoice/issue', { id: row.id, invoiceNo: v.invoiceNo.trim() }));
    if (ok) onDone();
  };
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
    <FormDialog open title="base.invoices.issueTitle" busy={form.busy} onClose={onClose} onSubmit={() => form.check(checks) && setConfirming(true)} submitLabel="base.invoices.issue" testId="invoice-issue-dialog">
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }} data-testid="invoice-issue-details">
        {details.map(([k, v]) => (
          <Fragment key={k}>
            <Typography variant="body2" color="text.secondary">
              {intl.formatMessage({ id: `${F}.${k}` })}
            </Typography>
            <Typography variant="body2">{v}</Typography>
          </Fragment>
        ))}
      </Box>
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

export default function InvoiceList() {
  const label = useEnumLabel();
  const platform = useHolds(PERM.invoice.platformList);
  const mayIssue = useHolds(PERM.invoice.issue);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [issuing, setIssuing] = useState<InvoiceRow | null>(null);
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
    { key: 'state', title: `${F}.state`, render: (r) => <span data-testid={`invoice-state-${r.id}`}>{label(INVOICE_STATE, r.state)}</span> },
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
    ...(platform && mayIssue
      ? [
          {
            key: 'actions',
            title: 'form.actions',
            render: (r: InvoiceRow) => (
              <RowActions>{r.state === INVOICING && <RowAction label="base.invoices.issue" onClick={() => setIssuing(r)} testId={`invoice-issue-${r.id}`} />}</RowActions>
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
    </ListPage>
  );
}
