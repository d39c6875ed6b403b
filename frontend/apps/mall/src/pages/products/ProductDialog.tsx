// Adding or changing a mall product, for the tenant's staff: POST /saas/mall/products/save, PUT
// /saas/mall/products/update (every field, the product's id beside them). A hotel or ticket
// product is picked from the tenant's (GET /saas/mall/linked/list), a general product's supplier
// from the tenant's suppliers; the price is typed in yuan and sent in fen.
import { useEffect, useState } from 'react';
import { api, FormDialog, FormSelect, FormText, PERM, endpointOf, useForm, useHolds, useMerchantOptions, useOptions, type Option } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { DateTimeField } from '../../DateTimeField';
import { SALE_TYPE } from '../../enums';
import type { LinkedRow, ProductRow } from '../../types';
import { emptyProductForm, productBody, productFormOf, productRules, type ProductFormValues } from './productForm';

const F = 'mall.productForm.fields';

/** null: closed; 0: a new product; else the product being changed. */
export function ProductDialog({ productId, onClose, onSaved }: { productId: number | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const form = useForm<ProductFormValues>(emptyProductForm());
  const [loaded, setLoaded] = useState<number | null>(null);
  const { reset } = form;
  const open = productId !== null;
  useEffect(() => {
    if (productId === null) return undefined;
    if (productId === 0) {
      reset(emptyProductForm());
      return undefined;
    }
    let live = true;
    api
      .get<ProductRow>('mall-app', '/saas/mall/products/load', { query: { id: productId } })
      .then((p) => {
        if (!live) return;
        reset(productFormOf(p));
        setLoaded(p.id);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new product id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);
  const saleType = form.values.saleType;
  const general = saleType === '60';
  const mayLink = useHolds(PERM.mallProduct.linked);
  const linked = useOptions(
    open && !general && mayLink
      ? () =>
          api
            .get<LinkedRow[]>('mall-app', endpointOf(PERM.mallProduct.linked), { query: { saleType } })
            .then((rows) => rows.map((r): Option => ({ value: String(r.productId), text: `${r.productName} (${r.productId})` })))
      : null,
    open && !general ? `linked-${saleType}` : '',
  );
  const suppliers = useMerchantOptions('supplier', open && general);
  const supplierOptions: Option[] = [{ value: '0', text: intl.formatMessage({ id: 'mall.products.tenantItself' }) }, ...suppliers];
  const editing = Boolean(productId);
  const save = async () => {
    const ok = await form.submit(productRules, (v) =>
      editing
        ? api.put('mall-app', '/saas/mall/products/update', { id: productId, ...productBody(v) })
        : api.post('mall-app', '/saas/mall/products/save', productBody(v)),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog
      open={open && (!editing || loaded === productId)}
      title={editing ? 'mall.productForm.edit' : 'mall.productForm.add'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="product-dialog"
    >
      <FormText form={form} name="productName" label={`${F}.productName`} required />
      <FormText form={form} name="keywords" label={`${F}.keywords`} />
      <FormSelect form={form} name="saleType" label={`${F}.saleType`} enumeration={SALE_TYPE} required />
      {general ? (
        <FormSelect form={form} name="supplierId" label={`${F}.supplierId`} options={supplierOptions} />
      ) : (
        <FormSelect form={form} name="productId" label={`${F}.productId`} options={linked} required />
      )}
      <DateTimeField form={form} name="saleStart" label={`${F}.saleStart`} required />
      <DateTimeField form={form} name="saleEnd" label={`${F}.saleEnd`} required />
      <FormText form={form} name="price" label={`${F}.price`} decimal required />
      <FormText form={form} name="stock" label={`${F}.stock`} digits required />
      <FormText form={form} name="rankNum" label={`${F}.rankNum`} digits />
      <FormText form={form} name="images" label={`${F}.images`} multiline />
      <FormText form={form} name="description" label={`${F}.description`} multiline wide />
    </FormDialog>
  );
}
