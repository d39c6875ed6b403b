// Adding or changing a ticket product: POST /saas/product/scenicProducts/save, PUT
// /saas/product/scenicProducts/updateScenicProduct (every field, the product's id beside them);
// changing loads the product first (GET /saas/product/scenicProducts/load?productId=). The spot is
// picked from the system spots (listForScenic): a supplier's own cooperating ones; the tenant's
// staff pick the supplier from saas-main's list and any normal spot (ticket-app refuses a spot
// the supplier does not cooperate with, under the spot). The fields a rule needs appear with it.
import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { api, FormCheck, FormDialog, FormMultiSelect, FormSelect, FormText, useEnumOptions, useForm, useIsTenantStaff, useMerchantOptions } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import {
  CANCEL_TIME,
  CONFIRM_TYPE,
  DELIVERY_TYPE,
  ENTER_TYPE,
  FORM_FIELD,
  LIMIT_GOODS,
  LIMIT_TIME,
  PRODUCT_TYPE,
  VALIDATE_TYPE,
  VOUCHER_TYPE,
} from '../../enums';
import { useScenicOptions } from '../scenics/useScenicOptions';
import { CustomFields } from './CustomFields';
import {
  CANCEL_DAYS_BEFORE,
  emptyProductForm,
  FIELD_ID_NUMBER,
  FIELD_MOBILE,
  LIMIT_DAYS_AHEAD,
  NO_LIMIT,
  PER_CUSTOMER,
  productBody,
  productFormOf,
  productRules,
  VALID_DAYS_AFTER_PURCHASE,
  VALID_WITHIN_RANGE,
  type ProductFormValues,
} from './productForm';
import { smsParts } from './sms';
import type { TicketProduct } from './types';

const P = 'ticket.productForm.fields';
/** null: closed; 0: a new product; else the product being changed. */
export function ProductDialog({ productId, onClose, onSaved }: { productId: number | null; onClose: () => void; onSaved: () => void }) {
  const staff = useIsTenantStaff();
  const form = useForm<ProductFormValues>(emptyProductForm());
  const [loaded, setLoaded] = useState<TicketProduct | null>(null);
  const open = productId !== null;
  const scenics = useScenicOptions(open, staff);
  const suppliers = useMerchantOptions('supplier', open && staff);
  const limitBy = useEnumOptions(FORM_FIELD, [Number(FIELD_MOBILE), Number(FIELD_ID_NUMBER)]);
  const formFields = useEnumOptions(FORM_FIELD);
  const { reset } = form;
  useEffect(() => {
    if (productId === null) return undefined;
    if (productId === 0) {
      reset(emptyProductForm());
      return undefined;
    }
    let live = true;
    api
      .get<TicketProduct>('ticket-app', '/saas/product/scenicProducts/load', { query: { productId } })
      .then((p) => {
        if (!live) return;
        reset(productFormOf(p));
        setLoaded(p);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new product id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);
  const editing = Boolean(productId);
  const v = form.values;
  // The loaded spot stays shown even when the list no longer offers it.
  const scenicOptions =
    loaded && editing && !scenics.some((o) => o.value === String(loaded.scenicId)) ? [{ value: String(loaded.scenicId), text: loaded.scenicName }, ...scenics] : scenics;
  const save = async () => {
    const ok = await form.submit(productRules(staff), (values) =>
      editing
        ? api.put('ticket-app', '/saas/product/scenicProducts/updateScenicProduct', { productId, ...productBody(values, staff) })
        : api.post('ticket-app', '/saas/product/scenicProducts/save', productBody(values, staff)),
    );
    if (ok) onSaved();
  };
  const parts = smsParts(v.smsText);
  return (
    <FormDialog
      open={open && (!editing || loaded?.productId === productId)}
      title={editing ? 'ticket.productForm.edit' : 'ticket.productForm.add'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="product-dialog"
    >
      <FormText form={form} name="productName" label={`${P}.productName`} required wide />
      {staff && <FormSelect form={form} name="supplierId" label={`${P}.supplierId`} options={suppliers} required />}
      <FormSelect form={form} name="scenicId" label={`${P}.scenicId`} options={scenicOptions} required />
      <FormSelect form={form} name="productType" label={`${P}.productType`} enumeration={PRODUCT_TYPE} required />
      <FormSelect form={form} name="confirmType" label={`${P}.confirmType`} enumeration={CONFIRM_TYPE} required />
      <FormSelect form={form} name="deliveryType" label={`${P}.deliveryType`} enumeration={DELIVERY_TYPE} required />
      <FormSelect form={form} name="enterType" label={`${P}.enterType`} enumeration={ENTER_TYPE} required />
      <FormSelect form={form} name="voucherType" label={`${P}.voucherType`} enumeration={VOUCHER_TYPE} required />
      <FormCheck form={form} name="voucherPerTicket" label={`${P}.voucherPerTicket`} />
      <FormSelect form={form} name="validateType" label={`${P}.validateType`} enumeration={VALIDATE_TYPE} required />
      {v.validateType === VALID_DAYS_AFTER_PURCHASE && <FormText form={form} name="validDays" label={`${P}.validDays`} digits required />}
      {v.validateType === VALID_WITHIN_RANGE && (
        <>
          <FormText form={form} name="validStart" label={`${P}.validStart`} type="date" />
          <FormText form={form} name="validEnd" label={`${P}.validEnd`} type="date" />
          <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -0.5, mb: 1 }}>
            <FormattedMessage id="ticket.productForm.unlimitedValidity" />
          </Typography>
        </>
      )}
      {v.validateType !== VALID_WITHIN_RANGE && v.validateType !== VALID_DAYS_AFTER_PURCHASE && <span />}
      <FormSelect form={form} name="limitTimeType" label={`${P}.limitTimeType`} enumeration={LIMIT_TIME} required />
      {v.limitTimeType === LIMIT_DAYS_AHEAD && <FormText form={form} name="limitDays" label={`${P}.limitDays`} digits required />}
      {v.limitTimeType !== NO_LIMIT ? <FormText form={form} name="limitTime" label={`${P}.limitTime`} /> : <span />}
      {v.limitTimeType === LIMIT_DAYS_AHEAD && <span />}
      <FormSelect form={form} name="cancelType" label={`${P}.cancelType`} enumeration={CANCEL_TIME} required />
      {v.cancelType === CANCEL_DAYS_BEFORE ? <FormText form={form} name="cancelDays" label={`${P}.cancelDays`} digits required /> : <span />}
      <FormSelect form={form} name="limitGoodsType" label={`${P}.limitGoodsType`} enumeration={LIMIT_GOODS} required />
      {v.limitGoodsType !== NO_LIMIT ? <FormText form={form} name="limitNum" label={`${P}.limitNum`} digits required /> : <span />}
      {v.limitGoodsType === PER_CUSTOMER && (
        <>
          <FormSelect form={form} name="limitBy" label={`${P}.limitBy`} options={limitBy} required />
          <span />
        </>
      )}
      <FormMultiSelect form={form} name="formFields" label={`${P}.formFields`} options={formFields} required wide />
      <CustomFields form={form} />
      <FormText form={form} name="interfaceId" label={`${P}.interfaceId`} digits />
      <FormCheck form={form} name="payOnline" label={`${P}.payOnline`} />
      <FormText form={form} name="smsText" label={`${P}.smsText`} multiline wide />
      <Typography variant="caption" color={parts ? 'text.secondary' : 'error'} sx={{ gridColumn: '1 / -1', mt: -0.5, mb: 1 }} data-testid="sms-parts">
        <FormattedMessage id="ticket.productForm.smsCount" values={{ n: [...v.smsText.trim()].length, parts: parts ? parts.length : 3 }} />
      </Typography>
      <FormText form={form} name="images" label={`${P}.images`} multiline wide />
      <FormText form={form} name="description" label={`${P}.description`} multiline wide />
      <FormText form={form} name="notice" label={`${P}.notice`} multiline wide />
    </FormDialog>
  );
}
