// The tenant's system hotels, newest first: hotel-app GET /saas/hotel/hotelInfos/list. Each row
// opens the hotel's rooms, for a user who may list them, and the hotel's form: the tenant's staff
// add and edit hotels, a supplier requests a new hotel or a change.
import { useCallback, useState } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { AddButton, api, Clip, DataTable, dateTime, ListPage, PERM, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds, useIsTenantStaff, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { HOTEL_STAR, HOTEL_STATE } from '../../enums';
import { HotelDialog } from './HotelDialog';
import { roomsPath } from './RoomList';
import type { HotelRow } from './types';

const EMPTY = { name: '', star: '', state: '' };
const F = 'hotel.hotels.fields';

export default function HotelList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const mayListRooms = useHolds(PERM.room.list);
  const staff = useIsTenantStaff();
  const mayAdd = useHolds(staff ? PERM.hotel.save : PERM.hotel.requestAdd);
  const mayEdit = useHolds(staff ? PERM.hotel.update : PERM.hotel.requestModify);
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<HotelRow>>('hotel-app', '/saas/hotel/hotelInfos/list', {
        query: { page, resultNum: size, name: applied.name.trim(), star: applied.star, state: applied.state },
      }),
    [applied],
  );
  const columns: Column<HotelRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    {
      key: 'name',
      title: `${F}.name`,
      render: (r) => (
        <>
          {r.name}
          {r.nameEn && (
            <Typography variant="caption" color="text.secondary" component="div">
              {r.nameEn}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'star', title: `${F}.star`, render: (r) => label(HOTEL_STAR, r.star) },
    { key: 'zoneName', title: `${F}.zoneName`, render: (r) => r.zoneName || '--' },
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.address} /> },
    { key: 'phone', title: `${F}.phone`, render: (r) => r.phone || '--' },
    { key: 'roomNum', title: `${F}.roomNum` },
    { key: 'state', title: `${F}.state`, render: (r) => label(HOTEL_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayListRooms || mayEdit
      ? [
          {
            key: 'actions',
            title: 'hotel.hotels.actions',
            render: (r: HotelRow) => (
              <Box sx={{ display: 'flex', gap: 1.5 }}>
                {mayListRooms && (
                  <Link component={RouterLink} to={roomsPath(r.id)} data-testid={`hotel-rooms-${r.id}`}>
                    <FormattedMessage id="hotel.hotels.viewRooms" />
                  </Link>
                )}
                {mayEdit && (
                  <Link component="button" onClick={() => setEditing(r.id)} data-testid={`hotel-edit-${r.id}`}>
                    <FormattedMessage id={staff ? 'hotel.hotels.edit' : 'hotel.hotels.requestModify'} />
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
      title="hotel.hotels.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={
        mayAdd && (
          <AddButton onClick={() => setEditing(0)} testId="hotel-add" label={staff ? 'hotel.hotels.add' : 'hotel.hotels.requestAdd'} />
        )
      }
      filters={
        <>
          <TextFilter label={`${F}.name`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="hotels-name" />
          <SelectFilter label={`${F}.star`} value={f.draft.star} onChange={(v) => f.set('star', v)} enumeration={HOTEL_STAR} testId="hotels-star" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={HOTEL_STATE} testId="hotels-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="hotel-hotels-table" />
      <HotelDialog
        hotelId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          f.refresh();
        }}
      />
    </ListPage>
  );
}
