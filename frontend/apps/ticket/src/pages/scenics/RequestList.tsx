// Suppliers' requests to add or change a scenic spot, newest first:
// GET /saas/ticket/scenicRequests/list (the tenant's staff see all, a supplier its own). Each
// row shows the fields asked for; the staff approve (the spot is listed, or changed as asked) or
// reject a pending one, with a remark the supplier sees:
// PUT /saas/ticket/scenicRequests/approve | reject.
import { useCallback, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Link } from '@mui/material';
import {
  api,
  Clip,
  DataTable,
  dateTime,
  FieldGrid,
  ListPage,
  PERM,
  RemarkQuestion,
  RowActions,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { REQUEST_KIND, REQUEST_STATE, SCENIC_OPEN, SCENIC_STAR } from '../../enums';
import { openingOf } from './scenicForm';
import type { ScenicFields, ScenicRequestRow } from './types';

const F = 'ticket.requests.fields';
const S = 'ticket.scenicForm.fields';
const PENDING = 0;

type Decision = { row: ScenicRequestRow; action: 'approve' | 'reject' };

export default function RequestList() {
  const label = useEnumLabel();
  const f = useFilters({ state: '', kind: '' });
  const { applied } = f;
  const mayApprove = useHolds(PERM.scenicRequest.approve);
  const mayReject = useHolds(PERM.scenicRequest.reject);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<ScenicRequestRow | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicRequestRow>>('ticket-app', '/saas/ticket/scenicRequests/list', {
        query: { page, resultNum: size, state: applied.state, kind: applied.kind },
      }),
    [applied],
  );
  const columns: Column<ScenicRequestRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'kind', title: `${F}.kind`, render: (r) => label(REQUEST_KIND, r.kind) },
    { key: 'mchName', title: `${F}.mchName`, render: (r) => r.mchName || r.mchId },
    { key: 'scenic', title: `${F}.scenic`, render: (r) => `${r.fields?.scenicName ?? '--'}${r.scenicId ? ` (${r.scenicId})` : ''}` },
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.fields?.address ?? ''} width={200} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(REQUEST_STATE, r.state) },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} width={160} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'decideDate', title: `${F}.decideDate`, render: (r) => dateTime(r.decideDate) },
    {
      key: 'actions',
      title: 'ticket.scenics.actions',
      render: (r: ScenicRequestRow) => (
        <RowActions>
          <Link component="button" onClick={() => setViewing(r)} data-testid={`request-view-${r.id}`} sx={{ whiteSpace: 'nowrap' }}>
            <FormattedMessage id="ticket.requests.view" />
          </Link>
          {r.state === PENDING && mayApprove && (
            <Link component="button" onClick={() => setDeciding({ row: r, action: 'approve' })} data-testid={`request-approve-${r.id}`}>
              <FormattedMessage id="ticket.requests.approve" />
            </Link>
          )}
          {r.state === PENDING && mayReject && (
            <Link component="button" color="error" onClick={() => setDeciding({ row: r, action: 'reject' })} data-testid={`request-reject-${r.id}`}>
              <FormattedMessage id="ticket.requests.reject" />
            </Link>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <ListPage
      title="ticket.requests.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={REQUEST_STATE} testId="requests-state" />
          <SelectFilter label={`${F}.kind`} value={f.draft.kind} onChange={(v) => f.set('kind', v)} enumeration={REQUEST_KIND} testId="requests-kind" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="ticket-requests-table" />
      {deciding && (
        <RemarkQuestion
          title={`ticket.requests.${deciding.action}Question`}
          label={`${F}.remark`}
          submitLabel={`ticket.requests.${deciding.action}`}
          testId="request-decision"
          // The remark is the supplier's to read.
          send={(remark) => api.put('ticket-app', `/saas/ticket/scenicRequests/${deciding.action}`, { id: deciding.row.id, remark })}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            f.refresh();
          }}
        />
      )}
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="md" fullWidth data-testid="request-fields">
        <DialogTitle>
          <FormattedMessage id="ticket.requests.asked" />
        </DialogTitle>
        <DialogContent>{viewing?.fields && <AskedFields fields={viewing.fields} />}</DialogContent>
      </Dialog>
    </ListPage>
  );
}

/** The fields a request asks for, as the form names them. */
function AskedFields({ fields: s }: { fields: ScenicFields }) {
  const label = useEnumLabel();
  const coordinates = s.longitude !== null && s.latitude !== null ? `${s.longitude}, ${s.latitude}` : '';
  return (
    <FieldGrid
      fields={[
        { label: `${S}.scenicName`, value: s.scenicName },
        { label: `${S}.scenicNameEn`, value: s.scenicNameEn },
        { label: `${S}.star`, value: label(SCENIC_STAR, s.star) },
        { label: `${S}.phone`, value: s.phone },
        { label: `${S}.areaId`, value: s.areaId },
        { label: `${S}.zoneName`, value: s.zoneName },
        { label: `${S}.address`, value: s.address },
        { label: 'ticket.requests.coordinates', value: coordinates },
        { label: `${S}.openType`, value: label(SCENIC_OPEN, s.openType) },
        { label: 'ticket.requests.hours', value: openingOf(s) },
        { label: `${S}.seasons`, value: s.seasons },
        { label: `${S}.images`, value: s.images.join('\n') },
        { label: `${S}.description`, value: s.description },
        { label: `${S}.notices`, value: s.notices },
      ]}
    />
  );
}
