// A hotel's rooms, by name: hotel-app GET /saas/hotel/rooms/list?hotelId= (a hotel not the
// tenant's is 404). Opened from a hotel's row of the hotel list with `?hotelId=`. Rooms are added
// and edited in RoomDialog by a user holding the codes.
import { useCallback, useState } from 'react';
import { Alert, Button, Link } from '@mui/material';
import { AddButton, api, DataTable, dateTime, ListPage, PERM, TextFilter, useEnumLabel, useFilters, useHolds, YES_NO, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { appPath } from '../../app';
import { HOTEL_STATE, ROOM_WINDOW } from '../../enums';
import { RoomDialog } from './RoomDialog';
import type { RoomRow } from './types';

const F = 'hotel.rooms.fields';

/** The rooms page of a hotel. */
export function roomsPath(hotelId: number): string {
  return appPath(`hotel/rooms?hotelId=${hotelId}`);
}

export default function RoomList() {
  const [params] = useSearchParams();
  const hotelId = (params.get('hotelId') ?? '').replace(/\D/g, '');
  // A new `?hotelId=` opens the page afresh on that hotel.
  return <RoomListView key={hotelId} hotelId={hotelId} />;
}

function RoomListView({ hotelId }: { hotelId: string }) {
  const label = useEnumLabel();
  // Reset goes back to the hotel the page was opened on.
  const f = useFilters({ hotelId });
  const { applied } = f;
  const mayAdd = useHolds(PERM.room.save);
  const mayEdit = useHolds(PERM.room.update);
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<RoomRow>>('hotel-app', '/saas/hotel/rooms/list', { query: { page, resultNum: size, hotelId: applied.hotelId } }),
    [applied],
  );
  const columns: Column<RoomRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'name', title: `${F}.name` },
    { key: 'bedType', title: `${F}.bedType` },
    { key: 'roomType', title: `${F}.roomType` },
    { key: 'area', title: `${F}.area`, render: (r) => r.area || '--' },
    { key: 'floor', title: `${F}.floor`, render: (r) => r.floor || '--' },
    { key: 'maxGuests', title: `${F}.maxGuests` },
    { key: 'addBed', title: `${F}.addBed`, render: (r) => label(YES_NO, r.addBed === 1) },
    { key: 'broadband', title: `${F}.broadband`, render: (r) => label(YES_NO, r.broadband === '1') },
    { key: 'window', title: `${F}.window`, render: (r) => label(ROOM_WINDOW, r.window) },
    { key: 'state', title: `${F}.state`, render: (r) => label(HOTEL_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            title: 'hotel.hotels.actions',
            render: (r: RoomRow) => (
              <Link component="button" onClick={() => setEditing(r.id)} data-testid={`room-edit-${r.id}`}>
                <FormattedMessage id="hotel.hotels.edit" />
              </Link>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="hotel.rooms.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={<TextFilter label={`${F}.hotelId`} value={f.draft.hotelId} onChange={(v) => f.set('hotelId', v)} digits testId="rooms-hotel-id" />}
      actions={
        <>
          {mayAdd && applied.hotelId && (
            <AddButton onClick={() => setEditing(0)} testId="room-add" label="hotel.roomForm.add" />
          )}
          <Button component={RouterLink} to={appPath('hotel/list')} size="small" data-testid="rooms-back">
            <FormattedMessage id="hotel.common.back" />
          </Button>
        </>
      }
    >
      {applied.hotelId ? (
        <>
          <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="hotel-rooms-table" />
          <RoomDialog
            hotelId={applied.hotelId}
            roomId={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              f.refresh();
            }}
          />
        </>
      ) : (
        // The service needs a hotel: nothing is asked without one.
        <Alert severity="info">
          <FormattedMessage id="hotel.rooms.noHotel" />
        </Alert>
      )}
    </ListPage>
  );
}
