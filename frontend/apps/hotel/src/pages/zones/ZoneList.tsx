// The tenant's zones ("zone info"): hotel-app GET /saas/hotel/zones/list, by name, paged, filtered
// by name, state and parent. Each row shows its parent by path from the zone tree
// (GET /saas/hotel/zones/tree), with its area, centre and geohash. The tenant's staff add zones,
// sub-zones of a row and change zones; a merchant's user (whom the service answers 403) only
// reads. Nothing is deleted: a zone is disabled instead.
import { useCallback, useMemo, useState } from 'react';
import { Typography } from '@mui/material';
import { AddButton, api, DataTable, dateTime, ListPage, PERM, RowAction, RowActions, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds, useIsTenantStaff, useLoaded, type Column, type Option, type Page } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { HOTEL_STATE } from '../../enums';
import type { ZoneNode } from '../choices';
import { ZoneDialog, type ZoneEditing } from './ZoneDialog';
import { MAX_DEPTH, placesOf, type ZoneRow } from './zoneForm';

const EMPTY = { name: '', state: '', parentId: '' };
const F = 'hotel.zones.fields';
const NO_ZONES: ZoneNode[] = [];

export default function ZoneList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const staff = useIsTenantStaff();
  const mayAdd = useHolds(PERM.zone.save) && staff;
  const mayEdit = useHolds(PERM.zone.update) && staff;
  const mayTree = useHolds(PERM.zone.tree);
  // The tree is asked again after each save, so the parents and paths follow.
  const [version, setVersion] = useState(0);
  const tree = useLoaded(mayTree ? () => api.get<ZoneNode[]>('hotel-app', '/saas/hotel/zones/tree') : null, mayTree ? `zones-${version}` : '', NO_ZONES);
  const places = useMemo(() => placesOf(tree), [tree]);
  const [editing, setEditing] = useState<ZoneEditing | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ZoneRow>>('hotel-app', '/saas/hotel/zones/list', {
        query: { page, resultNum: size, name: applied.name.trim(), state: applied.state, parentId: applied.parentId },
      }),
    [applied],
  );
  const parentFilter: Option[] = [
    { value: '0', text: intl.formatMessage({ id: 'hotel.zones.topLevel' }) },
    ...[...places.values()].map((p) => ({ value: String(p.zone.id), text: p.path.join(' / ') })),
  ];
  const pathOf = (id: number) => places.get(id)?.path.join(' / ') ?? String(id);
  const columns: Column<ZoneRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    {
      key: 'name',
      title: `${F}.name`,
      render: (r) => (
        <>
          {r.name}
          {places.has(r.id) && (
            <Typography variant="caption" color="text.secondary" component="div">
              <FormattedMessage id="hotel.zones.level" values={{ level: places.get(r.id)?.depth }} />
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'parentId',
      title: `${F}.parentId`,
      render: (r) => (r.parentId === 0 ? <FormattedMessage id="hotel.zones.topLevel" /> : pathOf(r.parentId)),
    },
    { key: 'areaId', title: `${F}.areaId`, render: (r) => r.areaId || '--' },
    { key: 'geoLng', title: `${F}.geoLng`, render: (r) => r.geoLng || '--' },
    { key: 'geoHash', title: `${F}.geoHash`, render: (r) => r.geoHash || '--' },
    { key: 'state', title: `${F}.state`, render: (r) => label(HOTEL_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
    ...(mayAdd || mayEdit
      ? [
          {
            key: 'actions',
            title: 'hotel.zones.actions',
            render: (r: ZoneRow) => (
              <RowActions>
                {mayEdit && <RowAction label="hotel.zones.edit" onClick={() => setEditing({ zone: r })} testId={`zone-edit-${r.id}`} />}
                {/* A sub-zone only where the tree has room for one more level. */}
                {mayAdd && (places.get(r.id)?.depth ?? 0) < MAX_DEPTH && (
                  <RowAction label="hotel.zones.addChild" onClick={() => setEditing({ parentId: r.id })} testId={`zone-add-child-${r.id}`} />
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="hotel.zones.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing({ parentId: 0 })} testId="zone-add" label="hotel.zones.add" />}
      filters={
        <>
          <TextFilter label={`${F}.name`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="zones-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={HOTEL_STATE} testId="zones-state" />
          {mayTree && <SelectFilter label={`${F}.parentId`} value={f.draft.parentId} onChange={(v) => f.set('parentId', v)} options={parentFilter} width={220} testId="zones-parent" />}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="hotel-zones-table" />
      <ZoneDialog
        editing={editing}
        tree={tree}
        places={places}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setVersion((v) => v + 1);
          f.refresh();
        }}
      />
    </ListPage>
  );
}
