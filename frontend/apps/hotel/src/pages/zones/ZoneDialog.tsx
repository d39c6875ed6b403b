// Adding or changing a zone (the tenant's staff only: POST /saas/hotel/zones/save,
// PUT /saas/hotel/zones/update with the zone's id). The parent is picked from the tenant's zone
// tree by path, leaving out the zone itself, its sub-zones and the zones too deep to take it; the
// area through the shared area picker. A 412 shows under the field it names.
import { useEffect } from 'react';
import { api, FormArea, FormDialog, FormSelect, FormText, keepChosen, useForm } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { HOTEL_STATE } from '../../enums';
import type { ZoneNode } from '../choices';
import { emptyZoneForm, parentOptions, zoneBody, zoneFormOf, zoneRules, type ZonePlace, type ZoneFormValues, type ZoneRow } from './zoneForm';

const Z = 'hotel.zoneForm.fields';

/** What the dialog edits: a zone of the list, or a new one under `parentId` (0: top level). */
export type ZoneEditing = { zone: ZoneRow } | { parentId: number };

export function ZoneDialog({
  editing,
  tree,
  places,
  onClose,
  onSaved,
}: {
  /** null: closed. */
  editing: ZoneEditing | null;
  tree: ZoneNode[];
  places: Map<number, ZonePlace>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const form = useForm<ZoneFormValues>(emptyZoneForm());
  const { reset } = form;
  const zone = editing && 'zone' in editing ? editing.zone : null;
  useEffect(() => {
    if (!editing) return;
    reset('zone' in editing ? zoneFormOf(editing.zone) : emptyZoneForm(editing.parentId));
    // A new row (or a new parent) opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);
  const parentId = form.values.parentId;
  const parents = keepChosen(parentOptions(tree, places, zone?.id ?? 0, intl), parentId, places.get(Number(parentId))?.path.join(' / ') ?? parentId);
  const save = async () => {
    const ok = await form.submit(zoneRules, (v) =>
      zone ? api.put('hotel-app', '/saas/hotel/zones/update', { id: zone.id, ...zoneBody(v) }) : api.post('hotel-app', '/saas/hotel/zones/save', zoneBody(v)),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog open={editing !== null} title={zone ? 'hotel.zoneForm.edit' : 'hotel.zoneForm.add'} busy={form.busy} onClose={onClose} onSubmit={save} testId="zone-dialog">
      <FormText form={form} name="name" label={`${Z}.name`} required />
      <FormSelect form={form} name="parentId" label={`${Z}.parentId`} options={parents} />
      <FormArea form={form} name="areaId" label={`${Z}.areaId`} />
      <FormText form={form} name="geoLng" label={`${Z}.geoLng`} />
      <FormSelect form={form} name="state" label={`${Z}.state`} enumeration={HOTEL_STATE} />
    </FormDialog>
  );
}
