// Suppliers' requests to add or change a hotel, newest first: GET /saas/hotel/hotelRequests/list
// (the tenant's staff see all, a supplier its own). The staff approve (the hotel is created or
// changed) or reject a pending one, with a remark the supplier sees:
// PUT /saas/hotel/hotelRequests/approve | reject.
import { useCallback, useState } from 'react';
import { Box, Link } from '@mui/material';
import {
  api,
  Clip,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RemarkQuestion,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { REQUEST_KIND, REQUEST_STATE } from '../../enums';
import type { HotelRequestRow } from './types';

const F = 'hotel.requests.fields';
const PENDING = 0;

type Decision = { row: HotelRequestRow; action: 'approve' | 'reject' };

export default function RequestList() {
  const label = useEnumLabel();
  const f = useFilters({ state: '', kind: '' });
  const { applied } = f;
  const mayApprove = useHolds(PERM.hotelRequest.approve);
  const mayReject = useHolds(PERM.hotelRequest.reject);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<HotelRequestRow>>('hotel-app', '/saas/hotel/hotelRequests/list', {
        query: { page, resultNum: size, state: applied.state, kind: applied.kind },
      }),
    [applied],
  );
  const columns: Column<HotelRequestRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'kind', title: `${F}.kind`, render: (r) => label(REQUEST_KIND, r.kind) },
    { key: 'mchName', title: `${F}.mchName`, render: (r) => r.mchName || r.mchId },
    { key: 'hotel', title: `${F}.hotel`, render: (r) => `${r.hotel?.name ?? '--'}${r.hotelId ? ` (${r.hotelId})` : ''}` },
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.hotel?.address ?? ''} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(REQUEST_STATE, r.state) },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'decideDate', title: `${F}.decideDate`, render: (r) => dateTime(r.decideDate) },
    ...(mayApprove || mayReject
      ? [
          {
            key: 'actions',
            title: 'hotel.hotels.actions',
            render: (r: HotelRequestRow) =>
              r.state === PENDING && (
                <Box sx={{ display: 'flex', gap: 1.5 }}>
                  {mayApprove && (
                    <Link component="button" onClick={() => setDeciding({ row: r, action: 'approve' })} data-testid={`request-approve-${r.id}`}>
                      <FormattedMessage id="hotel.requests.approve" />
                    </Link>
                  )}
                  {mayReject && (
                    <Link component="button" color="error" onClick={() => setDeciding({ row: r, action: 'reject' })} data-testid={`request-reject-${r.id}`}>
                      <FormattedMessage id="hotel.requests.reject" />
                    </Link>
                  )}
                </Box>
              ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="hotel.requests.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={REQUEST_STATE} testId="requests-state" />
          <SelectFilter label={`${F}.kind`} value={f.draft.kind} onChange={(v) => f.set('kind', v)} enumeration={REQUEST_KIND} testId="requests-kind" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="hotel-requests-table" />
      {deciding && (
        <RemarkQuestion
          title={`hotel.requests.${deciding.action}Question`}
          label={`${F}.remark`}
          submitLabel={`hotel.requests.${deciding.action}`}
          testId="request-decision"
          // The remark is the supplier's to read.
          send={(remark) => api.put('hotel-app', `/saas/hotel/hotelRequests/${deciding.action}`, { id: deciding.row.id, remark })}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            f.refresh();
          }}
        />
      )}
    </ListPage>
  );
}
