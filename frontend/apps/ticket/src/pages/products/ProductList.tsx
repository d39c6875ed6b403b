// Ticket products, newest first, in two lists of one shape: the tenant's (a supplier: its own),
// GET /saas/product/scenicProducts/list, and the supplier's own, GET
// /saas/product/supplierProduct/listTicket; narrowed by name, spot, state, product type and
// confirmation (deleted products only when that state is asked for). The product form and the
// state changes its state allows (after a question: PUT /saas/product/scenicProducts/changeState)
// sit in the row's menu, beside the link to its price and stock calendar, so the list keeps its
// actions whole at 1440 px.
import { useCallback, useState } from 'react';
import { Link, Typography } from '@mui/material';
import {
  actionsFor,
  AddButton,
  api,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RowActions,
  RowMenu,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
  type RowMenuItem,
} from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CONFIRM_TYPE, PRODUCT_STATE, PRODUCT_TYPE, VALIDATE_TYPE } from '../../enums';
import { calendarPath } from '../prices/PriceCalendar';
import { ProductDialog } from './ProductDialog';
import type { TicketProduct } from './types';

const EMPTY = { productName: '', scenicId: '', supplierId: '', state: '', productType: '', confirmType: '' };
const F = 'ticket.products.fields';
const DELETED = -1;

/** The list's endpoints: the tenant's products, or the supplier's own. */
export type ProductSource = 'all' | 'supplier';

const ENDPOINT: Record<ProductSource, string> = {
  all: '/saas/product/scenicProducts/list',
  supplier: '/saas/product/supplierProduct/listTicket',
};

export function ProductList({ source }: { source: ProductSource }) {
  const label = useEnumLabel();
  const intl = useIntl();
  const [params] = useSearchParams();
  const f = useFilters(EMPTY, { ...EMPTY, scenicId: params.get('scenicId') ?? '' });
  const { applied } = f;
  const staff = useIsTenantStaff();
  // The supplier's list lets the staff name the supplier.
  const bySupplier = source === 'supplier' && staff;
  const suppliers = useMerchantOptions('supplier', bySupplier);
  const mayAdd = useHolds(PERM.ticketProduct.save);
  const mayLoad = useHolds(PERM.ticketProduct.load);
  const mayUpdate = useHolds(PERM.ticketProduct.update);
  const mayChange = useHolds(PERM.ticketProduct.changeState);
  const mayEdit = mayLoad && mayUpdate;
  const mayPrice = useHolds(PERM.ticketPrice.list);
  const [editing, setEditing] = useState<number | null>(null);
  const confirm = useConfirm();
  const change = (r: TicketProduct, action: string) =>
    confirm.ask(intl.formatMessage({ id: `ticket.products.confirm.${action}` }, { name: r.productName }), () =>
      api.put('ticket-app', '/saas/product/scenicProducts/changeState', { productId: r.productId, action }).then(() => f.refresh()),
    );
  const menuOf = (r: TicketProduct): RowMenuItem[] => [
    ...(mayEdit && r.state !== DELETED ? [{ label: 'ticket.products.edit', onClick: () => setEditing(r.productId), testId: `product-edit-${r.productId}` }] : []),
    ...(mayChange
      ? actionsFor(r.state).map((a): RowMenuItem => ({
          label: `ticket.products.action.${a}`,
          onClick: () => change(r, a),
          testId: `product-${a}-${r.productId}`,
          color: a === 'delete' ? 'error' : undefined,
        }))
      : []),
  ];
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<TicketProduct>>('ticket-app', ENDPOINT[source], {
        query: {
          page,
          resultNum: size,
          productName: applied.productName.trim(),
          scenicId: applied.scenicId.trim(),
          supplierId: applied.supplierId,
          state: applied.state,
          productType: applied.productType,
          confirmType: applied.confirmType,
        },
      }),
    [applied, source],
  );
  const validity = (r: TicketProduct) => {
    const kind = label(VALIDATE_TYPE, r.validateType);
    if (r.validateType === 1) return `${kind}: ${r.validStart && r.validEnd ? `${r.validStart} ~ ${r.validEnd}` : intl.formatMessage({ id: 'ticket.products.unlimited' })}`;
    if (r.validateType === 3) return `${kind}: ${r.validDays}`;
    return kind;
  };
  const columns: Column<TicketProduct>[] = [
    { key: 'productId', title: `${F}.productId`, width: 90 },
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (
        <>
          {r.productName}
          <Typography variant="caption" color="text.secondary" component="div">
            {label(PRODUCT_TYPE, r.productType)}
          </Typography>
        </>
      ),
    },
    { key: 'scenicName', title: `${F}.scenicName` },
    { key: 'supplierName', title: `${F}.supplierName`, render: (r) => r.supplierName || '--' },
    { key: 'confirmType', title: `${F}.confirmType`, render: (r) => label(CONFIRM_TYPE, r.confirmType) },
    { key: 'validity', title: `${F}.validity`, render: validity },
    { key: 'payOnline', title: `${F}.payOnline`, render: (r) => intl.formatMessage({ id: r.payOnline ? 'ticket.products.online' : 'ticket.products.later' }) },
    { key: 'state', title: `${F}.state`, render: (r) => label(PRODUCT_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayPrice || mayEdit || mayChange
      ? [
          {
            key: 'actions',
            title: 'ticket.products.actions',
            render: (r: TicketProduct) => (
              <RowActions>
                {mayPrice && (
                  <Link component={RouterLink} to={calendarPath(r.productId)} data-testid={`product-prices-${r.productId}`} sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedMessage id="ticket.products.prices" />
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
      title={source === 'all' ? 'ticket.products.title' : 'ticket.products.supplierTitle'}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing(0)} testId="product-add" label="ticket.productForm.add" />}
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="products-name" />
          <TextFilter label={`${F}.scenicId`} value={f.draft.scenicId} onChange={(v) => f.set('scenicId', v)} testId="products-scenic" digits width={190} />
          {bySupplier && (
            <SelectFilter label={`${F}.supplierName`} value={f.draft.supplierId} onChange={(v) => f.set('supplierId', v)} options={suppliers} testId="products-supplier" width={200} />
          )}
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={PRODUCT_STATE} testId="products-state" />
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE} testId="products-type" />
          <SelectFilter label={`${F}.confirmType`} value={f.draft.confirmType} onChange={(v) => f.set('confirmType', v)} enumeration={CONFIRM_TYPE} testId="products-confirm-type" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.productId} testId="ticket-products-table" />
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

export default function AllProducts() {
  return <ProductList source="all" />;
}
