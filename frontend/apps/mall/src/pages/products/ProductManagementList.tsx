// Mall products (`product/ProductManagementList`), by rank: mall-app GET /saas/mall/products/list
// narrowed by state, name, keywords, supplier, sale type and a day on sale. The tenant's staff
// add and change products, change their rank, publish and withdraw them (after a question);
// a supplier's users see the products they supply, a distributor's the published ones.
import { useCallback, useState } from 'react';
import { Avatar, Stack, TextField, Typography } from '@mui/material';
import {
  AddButton,
  api,
  Clip,
  DataTable,
  DateFilter,
  dateTime,
  ListPage,
  money,
  PERM,
  RowAction,
  RowActions,
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
} from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { PRODUCT_STATE, SALE_TYPE } from '../../enums';
import type { ProductRow } from '../../types';
import { ProductDialog } from './ProductDialog';

const EMPTY = { productName: '', keywords: '', state: '', saleType: '', supplierId: '', saleDay: '' };
const F = 'mall.products.fields';

/** Noon of a `YYYY-MM-DD` day in local time: "on sale that day". */
function noonOf(day: string): number | undefined {
  return day ? new Date(`${day}T12:00`).getTime() : undefined;
}

function RankCell({ row, editable, onSaved }: { row: ProductRow; editable: boolean; onSaved: () => void }) {
  const [value, setValue] = useState(String(row.rankNum));
  if (!editable) return <>{row.rankNum}</>;
  const save = () => {
    if (value === String(row.rankNum) || !/^\d{1,6}$/.test(value)) {
      setValue(String(row.rankNum));
      return;
    }
    api.put('mall-app', '/saas/mall/products/rank', { id: row.id, rankNum: Number(value) }).then(onSaved, () => setValue(String(row.rankNum)));
  };
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
      onBlur={save}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      slotProps={{ htmlInput: { 'data-testid': `product-rank-${row.id}`, inputMode: 'numeric', style: { width: 56, padding: '4px 6px' } } }}
    />
  );
}

export default function ProductManagementList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const staff = useIsTenantStaff();
  const mayAdd = useHolds(PERM.mallProduct.save);
  const mayUpdate = useHolds(PERM.mallProduct.update);
  const mayLoad = useHolds(PERM.mallProduct.load);
  const mayEdit = mayUpdate && mayLoad;
  const mayRank = useHolds(PERM.mallProduct.rank);
  const mayPublish = useHolds(PERM.mallProduct.publish);
  const mayWithdraw = useHolds(PERM.mallProduct.withdraw);
  const merchants = useMerchantOptions('supplier', staff);
  const suppliers = [{ value: '0', text: intl.formatMessage({ id: 'mall.products.tenantItself' }) }, ...merchants];
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ProductRow>>('mall-app', '/saas/mall/products/list', {
        query: {
          page,
          resultNum: size,
          productName: applied.productName.trim(),
          keywords: applied.keywords.trim(),
          state: applied.state,
          saleType: applied.saleType,
          supplierId: applied.supplierId,
          saleTime: noonOf(applied.saleDay),
        },
      }),
    [applied],
  );
  const act = (row: ProductRow, action: 'publish' | 'withdraw') =>
    confirm.ask(intl.formatMessage({ id: `mall.products.${action}Question` }, { name: row.productName }), () =>
      api.put('mall-app', `/saas/mall/products/${action}`, { id: row.id }).then(f.refresh),
    );
  const columns: Column<ProductRow>[] = [
    { key: 'rankNum', title: `${F}.rankNum`, width: 80, render: (r) => <RankCell key={`${r.id}-${r.rankNum}`} row={r} editable={mayRank} onSaved={f.refresh} /> },
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" src={r.images[0]} alt="" sx={{ width: 32, height: 32 }}>
            {r.productName.slice(0, 1)}
          </Avatar>
          <span>
            {r.productName}
            <Typography variant="caption" color="text.secondary" component="div">
              <Clip text={r.keywords} />
            </Typography>
          </span>
        </Stack>
      ),
    },
    { key: 'productId', title: `${F}.productId`, width: 110, render: (r) => `${label(SALE_TYPE, r.saleType)} ${r.productId}` },
    { key: 'supplierId', title: `${F}.supplierId`, render: (r) => r.supplierName || intl.formatMessage({ id: 'mall.products.tenantItself' }) },
    { key: 'price', title: `${F}.price`, render: (r) => money(r.price) },
    { key: 'stock', title: `${F}.stock`, width: 70 },
    { key: 'saleNum', title: `${F}.saleNum`, width: 70 },
    {
      key: 'saleTimeRange',
      title: `${F}.saleTimeRange`,
      render: (r) => (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {dateTime(r.saleTimeRange[0])}
          <br />
          {dateTime(r.saleTimeRange[1])}
        </Typography>
      ),
    },
    { key: 'state', title: `${F}.state`, width: 80, render: (r) => label(PRODUCT_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayEdit || mayPublish || mayWithdraw
      ? [
          {
            key: 'actions',
            title: 'mall.actions',
            render: (r: ProductRow) => (
              <RowActions>
                {mayEdit && <RowAction label="mall.edit" onClick={() => setEditing(r.id)} testId={`product-edit-${r.id}`} />}
                {mayPublish && r.state !== 1 && <RowAction label="mall.products.publish" onClick={() => act(r, 'publish')} testId={`product-publish-${r.id}`} />}
                {mayWithdraw && r.state === 1 && <RowAction label="mall.products.withdraw" color="warning" onClick={() => act(r, 'withdraw')} testId={`product-withdraw-${r.id}`} />}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="mall.products.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing(0)} testId="product-add" label="mall.products.add" />}
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="products-name" />
          <TextFilter label={`${F}.keywords`} value={f.draft.keywords} onChange={(v) => f.set('keywords', v)} testId="products-keywords" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={PRODUCT_STATE} testId="products-state" />
          <SelectFilter label={`${F}.saleType`} value={f.draft.saleType} onChange={(v) => f.set('saleType', v)} enumeration={SALE_TYPE} testId="products-sale-type" />
          {staff && (
            <SelectFilter label={`${F}.supplierId`} value={f.draft.supplierId} onChange={(v) => f.set('supplierId', v)} options={suppliers} testId="products-supplier" />
          )}
          <DateFilter label="mall.products.saleDay" value={f.draft.saleDay} onChange={(v) => f.set('saleDay', v)} testId="products-sale-day" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="mall-products-table" />
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
