// Ticket products grouped by scenic spot (GET /saas/product/scenicProducts/listScenic, paged by
// spot, the same filters as the product list): each spot with its products, their type,
// supplier, confirmation and state; a spot's title opens the product list narrowed to it.
import { useCallback } from 'react';
import { Box, Link } from '@mui/material';
import { api, DataTable, ListPage, SelectFilter, SimpleTable, TextFilter, useEnumLabel, useFilters, type Column, type Page } from '@tradewind/shared';
import { Link as RouterLink } from 'react-router-dom';
import { appPath } from '../../app';
import { CONFIRM_TYPE, PRODUCT_STATE, PRODUCT_TYPE } from '../../enums';
import type { ScenicGroup, TicketProduct } from './types';

const EMPTY = { productName: '', state: '', productType: '' };
const F = 'ticket.products.fields';

export default function ScenicProductGroups() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicGroup>>('ticket-app', '/saas/product/scenicProducts/listScenic', {
        query: { page, resultNum: size, productName: applied.productName.trim(), state: applied.state, productType: applied.productType },
      }),
    [applied],
  );
  const columns: Column<ScenicGroup>[] = [
    {
      key: 'scenicName',
      title: `${F}.scenicName`,
      width: 240,
      render: (g) => (
        <Link component={RouterLink} to={`${appPath('product/scenicProducts/list')}?scenicId=${g.scenicId}`} data-testid={`group-${g.scenicId}`}>
          {g.scenicName}
        </Link>
      ),
    },
    {
      key: 'products',
      title: 'ticket.groups.products',
      render: (g) => (
        <Box sx={{ py: 0.5 }}>
          <SimpleTable<TicketProduct>
            rows={g.products}
            columns={[
              { key: 'productId', title: `${F}.productId`, render: (p) => p.productId },
              { key: 'productName', title: `${F}.productName`, render: (p) => p.productName },
              { key: 'productType', title: `${F}.productType`, render: (p) => label(PRODUCT_TYPE, p.productType) },
              { key: 'supplierName', title: `${F}.supplierName`, render: (p) => p.supplierName || '--' },
              { key: 'confirmType', title: `${F}.confirmType`, render: (p) => label(CONFIRM_TYPE, p.confirmType) },
              { key: 'state', title: `${F}.state`, render: (p) => label(PRODUCT_STATE, p.state) },
            ]}
          />
        </Box>
      ),
    },
  ];
  return (
    <ListPage
      title="ticket.groups.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="groups-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={PRODUCT_STATE} testId="groups-state" />
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE} testId="groups-type" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(g) => g.scenicId} testId="ticket-groups-table" />
    </ListPage>
  );
}
