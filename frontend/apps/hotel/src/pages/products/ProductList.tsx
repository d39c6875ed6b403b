// The tenant's hotel products (a supplier: its own), newest first:
// hotel-app GET /saas/product/hotelProducts/list. Each row opens the product's price calendar, for
// a user who may read it; its form and the state changes its state allows (after a question:
// PUT /saas/product/hotelProducts/changeState) sit in the row's menu, so the widest list still
// shows its actions whole at 1440 px.
import { useCallback, useState } from 'react';
import { Link } from '@mui/material';
import { actionsFor, AddButton, api, DataTable, dateTime, ListPage, PERM, RowActions, RowMenu, SelectFilter, TextFilter, useConfirm, useEnumLabel, useFilters, useHolds, type Column, type Page, type RowMenuItem } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { calendarPath } from '../prices/PriceCalendar';
import { ProductDialog } from './ProductDialog';
import { BREAKFAST, CANCEL_TYPE, CONFIRM_TYPE, ONLINE_PAY, PRODUCT_STATE } from '../../enums';
import type { ProductRow } from './types';

const EMPTY = { productName: '', state: '', confirmType: '' };
const F = 'hotel.products.fields';

export default function ProductList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const intl = useIntl();
  const mayPrice = useHolds(PERM.price.list);
  const mayAdd = useHolds(PERM.product.save);
  const mayEdit = useHolds(PERM.product.update);
  const mayChange = useHolds(PERM.product.changeState);
  const [editing, setEditing] = useState<number | null>(null);
  const confirm = useConfirm();
  const change = (r: ProductRow, action: string) =>
    confirm.ask(intl.formatMessage({ id: `hotel.products.confirm.${action}` }, { name: r.productName }), () =>
      api.put('hotel-app', '/saas/product/hotelProducts/changeState', { productId: r.productId, action }).then(() => f.refresh()),
    );
  const menuOf = (r: ProductRow): RowMenuItem[] => [
    ...(mayEdit && r.state !== -1 ? [{ label: 'hotel.hotels.edit', onClick: () => setEditing(r.productId), testId: `product-edit-${r.productId}` }] : []),
    ...(mayChange
      ? actionsFor(r.state).map((a): RowMenuItem => ({
          label: `hotel.products.action.${a}`,
          onClick: () => change(r, a),
          testId: `product-${a}-${r.productId}`,
          color: a === 'delete' ? 'error' : undefined,
        }))
      : []),
  ];
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ProductRow>>('hotel-app', '/saas/product/hotelProducts/list', {
        query: {
          page,
          resultNum: size,
          productName: applied.productName.trim(),
          state: applied.state,
          confirmType: applied.confirmType,
        },
      }),
    [applied],
  );
  const columns: Column<ProductRow>[] = [
    { key: 'productId', title: `${F}.productId`, width: 90 },
    { key: 'productName', title: `${F}.productName` },
    { key: 'hotelName', title: `${F}.hotelName` },
    { key: 'roomName', title: `${F}.roomName` },
    { key: 'supplierName', title: `${F}.supplierName`, render: (r) => r.supplierName || '--' },
    { key: 'confirmType', title: `${F}.confirmType`, render: (r) => label(CONFIRM_TYPE, r.confirmType) },
    { key: 'cancelType', title: `${F}.cancelType`, render: (r) => label(CANCEL_TYPE, r.cancelType) },
    { key: 'breakfastNum', title: `${F}.breakfastNum`, render: (r) => label(BREAKFAST, r.breakfastNum) },
    { key: 'isOnlinePay', title: `${F}.isOnlinePay`, render: (r) => label(ONLINE_PAY, r.isOnlinePay) },
    { key: 'state', title: `${F}.state`, render: (r) => label(PRODUCT_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayPrice || mayEdit || mayChange
      ? [
          {
            key: 'actions',
            title: 'hotel.products.actions',
            render: (r: ProductRow) => (
              <RowActions>
                {mayPrice && (
                  <Link component={RouterLink} to={calendarPath(r.productId)} data-testid={`product-prices-${r.productId}`} sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedMessage id="hotel.products.prices" />
                  </Link>
                )}
                <RowMenu testId={`product-actions-${r.productId}`} items={menuOf(r)} />
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="hotel.products.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={
        mayAdd && (
          <AddButton onClick={() => setEditing(0)} testId="product-add" label="hotel.productForm.add" />
        )
      }
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="products-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={PRODUCT_STATE} testId="products-state" />
          <SelectFilter label={`${F}.confirmType`} value={f.draft.confirmType} onChange={(v) => f.set('confirmType', v)} enumeration={CONFIRM_TYPE} testId="products-confirm-type" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.productId} testId="hotel-products-table" />
      <ProductDialog
        productId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          f.refresh();
        }}
      />
      {confirm.element}
    </ListPage>
  );
}
