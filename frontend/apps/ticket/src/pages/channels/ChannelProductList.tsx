// A channel's products as last pulled (GET /saas/ticket/channel/listProduct), each with its spot
// and the tenant's product it sells when mapped; by spot (the channel's id, ?scenicId= from a
// spot's row) and name. One page for every channel (channel/<channel>/listProduct).
import { useCallback } from 'react';
import { Chip } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { api, DataTable, dateTime, endpointOf, keepChosen, ListPage, PERM, SelectFilter, TextFilter, useFilters, useOptions, type Column, type Page } from '@tradewind/shared';
import { ChannelFrame } from './ChannelFrame';
import type { CatalogueRow, ChannelProductRow } from './channels';

const F = 'ticket.channels.fields';

export default function ChannelProductList() {
  return <ChannelFrame kind="products">{(configId, _channel, pulled) => <Products configId={configId} pulled={pulled} />}</ChannelFrame>;
}

/** The channel's spots to filter by (its id as value). */
function useChannelScenicOptions(configId: number, pulled: number) {
  return useOptions(
    () =>
      api
        .get<Page<CatalogueRow>>('ticket-app', endpointOf(PERM.ticketChannel.listScenic), { query: { configId, page: 1, resultNum: 500 } })
        .then((p) => p.results.map((s) => ({ value: s.channelId, text: `${s.name} (${s.channelId})` }))),
    `${configId}-${pulled}`,
  );
}

function Products({ configId, pulled }: { configId: number; pulled: number }) {
  const [params] = useSearchParams();
  const empty = { name: '', scenicId: '' };
  const f = useFilters(empty, { ...empty, scenicId: params.get('scenicId') ?? '' });
  const { applied } = f;
  const scenics = useChannelScenicOptions(configId, pulled);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ChannelProductRow>>('ticket-app', endpointOf(PERM.ticketChannel.listProduct), {
        query: { configId, name: applied.name.trim(), scenicId: applied.scenicId, page, resultNum: size },
      }),
    // A pull reloads what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [applied, configId, pulled],
  );
  const columns: Column<ChannelProductRow>[] = [
    { key: 'channelId', title: `${F}.productId` },
    { key: 'name', title: `${F}.productName` },
    { key: 'parentName', title: `${F}.scenicName`, render: (r) => `${r.parentName || '--'} (${r.parentId})` },
    {
      key: 'productName',
      title: `${F}.mappedTo`,
      render: (r) =>
        r.productId === null ? (
          <Chip size="small" variant="outlined" label={<FormattedMessage id="ticket.channels.notMapped" />} />
        ) : (
          <Chip size="small" color="success" label={`${r.productName ?? ''} (${r.productId})`} data-testid={`channel-product-mapped-${r.channelId}`} />
        ),
    },
    { key: 'syncedAt', title: `${F}.syncedAt`, render: (r) => dateTime(r.syncedAt) },
  ];
  return (
    <ListPage
      title="ticket.channels.productsTitle"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter
            label={`${F}.scenicName`}
            value={f.draft.scenicId}
            onChange={(v) => f.set('scenicId', v)}
            options={keepChosen(scenics, f.draft.scenicId, f.draft.scenicId)}
            width={240}
            testId="channel-product-scenic"
          />
          <TextFilter label={`${F}.productName`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="channel-product-name" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.channelId} testId="channel-products-table" empty="ticket.channels.emptyCatalogue" />
    </ListPage>
  );
}
