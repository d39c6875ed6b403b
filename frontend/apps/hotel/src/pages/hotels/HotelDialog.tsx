// Adding or editing a hotel. The tenant's staff change the list directly
// (POST /saas/hotel/hotelInfos/save, PUT /saas/hotel/hotelInfos/update); a supplier sends the
// same form as a request an operator approves (POST requestAdd, requestModify). Editing loads the
// hotel first (GET /saas/hotel/hotelInfos/load?hotelId=). The zone is picked from the tenant's
// zone tree, the area as country, province and city.
import { useEffect, useState } from 'react';
import { api, FormArea, FormDialog, FormSelect, FormText, keepChosen, useForm, useIsTenantStaff } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { HOTEL_STAR, HOTEL_STATE } from '../../enums';
import { useZoneTree, zoneOptions } from '../choices';
import { emptyHotelForm, hotelBody, hotelFormOf, hotelRules, type HotelFormValues } from './hotelForm';
import type { HotelFull } from './types';

const H = 'hotel.hotelForm.fields';

/** null: closed; 0: a new hotel; else the hotel being edited. */
export function HotelDialog({ hotelId, onClose, onSaved }: { hotelId: number | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const staff = useIsTenantStaff();
  const form = useForm<HotelFormValues>(emptyHotelForm());
  const [loaded, setLoaded] = useState<HotelFull | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (hotelId === null) return undefined;
    if (hotelId === 0) {
      reset(emptyHotelForm());
      return undefined;
    }
    let live = true;
    api
      .get<HotelFull>('hotel-app', '/saas/hotel/hotelInfos/load', { query: { hotelId } })
      .then((h) => {
        if (!live) return;
        setLoaded(h);
        reset(hotelFormOf(h));
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new hotel id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hotelId]);
  const editing = Boolean(hotelId);
  const zoneTree = useZoneTree(hotelId !== null);
  const zoneId = form.values.zoneId;
  const zones = [
    { value: '', text: intl.formatMessage({ id: 'hotel.hotelForm.noZone' }) },
    ...keepChosen(zoneOptions(zoneTree, zoneId), zoneId, loaded && String(loaded.zoneId) === zoneId ? loaded.zoneName || zoneId : zoneId),
  ];
  const save = async () => {
    const ok = await form.submit(hotelRules, (v) => {
      const body = hotelBody(v, editing ? loaded : null);
      if (staff) {
        return editing
          ? api.put('hotel-app', '/saas/hotel/hotelInfos/update', { hotelId, ...body })
          : api.post('hotel-app', '/saas/hotel/hotelInfos/save', body);
      }
      return editing
        ? api.post('hotel-app', '/saas/hotel/hotelInfos/requestModify', { hotelId, ...body })
        : api.post('hotel-app', '/saas/hotel/hotelInfos/requestAdd', body);
    });
    if (ok) onSaved();
  };
  const title = `hotel.hotelForm.${staff ? '' : 'request.'}${editing ? 'edit' : 'add'}`;
  return (
    <FormDialog
      open={hotelId !== null && (!editing || loaded?.id === hotelId)}
      title={title}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="hotel-dialog"
      submitLabel={staff ? 'form.save' : 'hotel.hotelForm.request.submit'}
    >
      <FormText form={form} name="name" label={`${H}.name`} required />
      <FormText form={form} name="nameEn" label={`${H}.nameEn`} />
      <FormSelect form={form} name="star" label={`${H}.star`} enumeration={HOTEL_STAR} required />
      <FormSelect form={form} name="zoneId" label={`${H}.zoneId`} options={zones} />
      <FormArea form={form} name="areaId" label={`${H}.areaId`} />
      <FormText form={form} name="address" label={`${H}.address`} wide />
      <FormText form={form} name="phone" label={`${H}.phone`} />
      <FormText form={form} name="fax" label={`${H}.fax`} />
      <FormText form={form} name="postCode" label={`${H}.postCode`} />
      <FormText form={form} name="roomNum" label={`${H}.roomNum`} digits />
      <FormText form={form} name="openDate" label={`${H}.openDate`} type="date" />
      <FormSelect form={form} name="state" label={`${H}.state`} enumeration={HOTEL_STATE} />
      <FormText form={form} name="checkinTime" label={`${H}.checkinTime`} />
      <FormText form={form} name="checkoutTime" label={`${H}.checkoutTime`} />
      <FormText form={form} name="images" label={`${H}.images`} multiline wide />
      <FormText form={form} name="serviceDesc" label={`${H}.serviceDesc`} multiline wide />
    </FormDialog>
  );
}
