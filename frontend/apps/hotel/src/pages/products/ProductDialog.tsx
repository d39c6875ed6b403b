// Adding (POST /saas/product/hotelProducts/save, unpublished) or editing a hotel product
// (GET load?productId=, then PUT updateHotelProduct with productId; supplier and state stay).
// The room is chosen among the rooms of the hotel entered (GET /saas/hotel/rooms/list?hotelId=).
// The tenant's staff pick the supplier from the tenant's; a supplier creates its own. The zone is the hotel's unless
// another is picked from the tenant's zone tree.
import { useEffect, useState } from 'react';
import { api, FormDialog, FormMultiSelect, FormSelect, FormText, keepChosen, useEnumOptions, useForm, useIsTenantStaff, type Option, type Page } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { BREAKFAST, CANCEL_TYPE, CONFIRM_TYPE, GUEST_TYPE, MEAL, ONLINE_PAY, PAY_TYPE, SHARE_TYPE } from '../../enums';
import { useSupplierOptions, useZoneTree, zoneOptions } from '../choices';
import type { RoomRow } from '../hotels/types';
import { emptyProductForm, productBody, productFormOf, productRules, type ProductFormValues } from './productForm';
import type { ProductFull } from './types';

const P = 'hotel.productForm.fields';

/** `productId` null: closed; 0: a new product. */
export function ProductDialog({ productId, onClose, onSaved }: { productId: number | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const staff = useIsTenantStaff();
  const form = useForm<ProductFormValues>(emptyProductForm());
  const [loadedId, setLoadedId] = useState(0);
  const [rooms, setRooms] = useState<Option[]>([]);
  const suppliers = useSupplierOptions(staff && productId !== null);
  const { reset } = form;
  useEffect(() => {
    if (!productId) {
      if (productId === 0) reset(emptyProductForm());
      return undefined;
    }
    let live = true;
    api
      .get<ProductFull>('hotel-app', '/saas/product/hotelProducts/load', { query: { productId } })
      .then((p) => {
        if (!live) return;
        reset(productFormOf(p));
        setLoadedId(p.productId);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new product id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const hotelId = form.values.hotelId;
  useEffect(() => {
    if (!hotelId || productId === null) return undefined;
    let live = true;
    // Typing a hotel ID asks once the typing pauses.
    const t = setTimeout(() => {
      api
        .get<Page<RoomRow>>('hotel-app', '/saas/hotel/rooms/list', { query: { hotelId, page: 1, resultNum: 100 }, quiet: true })
        .then((p) => live && setRooms(p.results.map((r) => ({ value: String(r.id), text: r.name }))))
        .catch(() => live && setRooms([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [hotelId, productId]);

  const zoneTree = useZoneTree(productId !== null);
  const zoneId = form.values.zoneId;
  const zones = [
    { value: '0', text: intl.formatMessage({ id: 'hotel.productForm.hotelZone' }) },
    ...keepChosen(zoneOptions(zoneTree, zoneId), zoneId === '0' ? '' : zoneId, zoneId),
  ];

  const save = async () => {
    const ok = await form.submit(productRules(staff), (v) =>
      productId
        ? api.put('hotel-app', '/saas/product/hotelProducts/updateHotelProduct', { productId, ...productBody(v, staff) })
        : api.post('hotel-app', '/saas/product/hotelProducts/save', productBody(v, staff)),
    );
    if (ok) onSaved();
  };
  const paymentTypes = useEnumOptions(PAY_TYPE, [1, 2]);
  const editing = Boolean(productId);
  return (
    <FormDialog
      open={productId === 0 || (productId !== null && loadedId === productId)}
      title={editing ? 'hotel.productForm.edit' : 'hotel.productForm.add'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="product-dialog"
    >
      <FormText form={form} name="productName" label={`${P}.productName`} required />
      <FormText form={form} name="productShortName" label={`${P}.productShortName`} />
      <FormText form={form} name="hotelId" label={`${P}.hotelId`} digits required disabled={editing} />
      <FormSelect form={form} name="roomId" label={`${P}.roomId`} options={rooms} required />
      <FormSelect form={form} name="zoneId" label={`${P}.zoneId`} options={zones} />
      {staff && (
        <FormSelect
          form={form}
          name="supplierId"
          label={`${P}.supplierId`}
          options={keepChosen(suppliers, form.values.supplierId, form.values.supplierId)}
          required
          disabled={editing}
        />
      )}
      <FormSelect form={form} name="confirmType" label={`${P}.confirmType`} enumeration={CONFIRM_TYPE} />
      <FormSelect form={form} name="cancelType" label={`${P}.cancelType`} enumeration={CANCEL_TYPE} />
      <FormMultiSelect form={form} name="paymentTypes" label={`${P}.paymentTypes`} options={paymentTypes} required />
      <FormSelect form={form} name="isOnlinePay" label={`${P}.isOnlinePay`} enumeration={ONLINE_PAY} />
      <FormSelect form={form} name="shareType" label={`${P}.shareType`} enumeration={SHARE_TYPE} />
      <FormSelect form={form} name="guestType" label={`${P}.guestType`} enumeration={GUEST_TYPE} />
      <FormSelect form={form} name="breakfastNum" label={`${P}.breakfastNum`} enumeration={BREAKFAST} />
      <FormSelect form={form} name="lunchNum" label={`${P}.lunchNum`} enumeration={MEAL} />
      <FormSelect form={form} name="dinnerNum" label={`${P}.dinnerNum`} enumeration={MEAL} />
      <FormText form={form} name="earliestBookingDays" label={`${P}.earliestBookingDays`} digits />
      <FormText form={form} name="earliestBookingHours" label={`${P}.earliestBookingHours`} digits />
      <FormText form={form} name="latestBookingDays" label={`${P}.latestBookingDays`} digits />
      <FormText form={form} name="latestBookingHours" label={`${P}.latestBookingHours`} digits />
      <FormText form={form} name="serialCheckinMin" label={`${P}.serialCheckinMin`} digits />
      <FormText form={form} name="serialCheckinMax" label={`${P}.serialCheckinMax`} digits />
      <FormText form={form} name="roomCountMin" label={`${P}.roomCountMin`} digits />
      <FormText form={form} name="roomCountMax" label={`${P}.roomCountMax`} digits />
      <FormText form={form} name="moveupCancelDays" label={`${P}.moveupCancelDays`} digits />
      <FormText form={form} name="moveupCancelHours" label={`${P}.moveupCancelHours`} digits />
      <FormText form={form} name="supplierHotelId" label={`${P}.supplierHotelId`} />
      <FormText form={form} name="supplierProductId" label={`${P}.supplierProductId`} />
      <FormText form={form} name="supplierRoomId" label={`${P}.supplierRoomId`} />
      <FormText form={form} name="cancelPolicy" label={`${P}.cancelPolicy`} multiline wide />
      <FormText form={form} name="productDesc" label={`${P}.productDesc`} multiline wide />
    </FormDialog>
  );
}
