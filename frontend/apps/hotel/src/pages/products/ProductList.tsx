// The tenant's hotel products (a supplier: its own), newest first:
// hotel-app GET /saas/product/hotelProducts/list. Each row opens the product's price calendar, for
// a user who may read it.
import { useCallback } from 'react';
import { Link } from '@mui/material';
import { api, dateTime, DataTable, type Column, type Page, ListPage, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { calendarPath } from '../prices/PriceCalendar';
import { BREAKFAST, CANCEL_TYPE, CONFIRM_TYPE, ONLINE_PAY, PRODUCT_STATE } from '../../enums';

/** `HotelProduct` of hotel-app (the fields this list shows). */
export interface ProductRow {
  productId: number;
  productName: string;
  hotelId: number;
  hotelName: string;
  roomName: string;
  supplierName: string;
  confirmType: number;
  cancelType: number;
  isOnlinePay: number;
  breakfastNum: number;
  state: number;
  createDate: number;
}

const EMPTY = { productName: '', state: '', confirmType: '' };
const F = 'hotel.products.fields';

export default function ProductList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const mayPrice = useHolds('/saas/price/priceStore/list:GET');
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
    ...(mayPrice
      ? [
          {
            key: 'actions',
            title: 'hotel.products.actions',
            render: (r: ProductRow) => (
              <Link component={RouterLink} to={calendarPath(r.productId)} data-testid={`product-prices-${r.productId}`}>
                <FormattedMessage id="hotel.products.prices" />
              </Link>
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
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="products-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={PRODUCT_STATE} testId="products-state" />
          <SelectFilter label={`${F}.confirmType`} value={f.draft.confirmType} onChange={(v) => f.set('confirmType', v)} enumeration={CONFIRM_TYPE} testId="products-confirm-type" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.productId} testId="hotel-products-table" />
    </ListPage>
  );
}
