// The tenant's products with what each is sold as on the channel (GET
// /saas/ticket/channel/listSysProduct), by name and spot: "Map" chooses the channel's product
// (MapDialog), "Unmap" after a question (POST /saas/ticket/channel/unmap). One page for every
// channel (channel/<channel>/listSysProduct; the api channel's is listSysTicket).
import { useCallback, useState } from 'react';
import { Chip } from '@mui/material';
import { useIntl } from 'react-intl';
import {
  api,
  DataTable,
  endpointOf,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { ChannelFrame } from './ChannelFrame';
import { MapDialog } from './MapDialog';
import { PRODUCT_STATE } from '../../enums';
import { useScenicOptions } from '../scenics/useScenicOptions';
import type { SysProductRow } from './channels';

const F = 'ticket.channels.fields';

export default function ChannelSysProductList() {
  return <ChannelFrame kind="sysProducts">{(configId, _channel, pulled) => <SysProducts configId={configId} pulled={pulled} />}</ChannelFrame>;
}

function SysProducts({ configId, pulled }: { configId: number; pulled: number }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters({ productName: '', scenicId: '' });
  const { applied } = f;
  const scenics = useScenicOptions(true, true);
  const mayMap = useHolds(PERM.ticketChannel.map);
  const mayUnmap = useHolds(PERM.ticketChannel.unmap);
  const confirm = useConfirm();
  const [mapping, setMapping] = useState<SysProductRow | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<SysProductRow>>('ticket-app', endpointOf(PERM.ticketChannel.listSysProduct), {
        query: { configId, productName: applied.productName.trim(), scenicId: applied.scenicId, page, resultNum: size },
      }),
    // A pull reloads what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [applied, configId, pulled],
  );
  const columns: Column<SysProductRow>[] = [
    { key: 'productId', title: `${F}.sysProductId`, width: 80 },
    { key: 'productName', title: `${F}.sysProductName` },
    { key: 'scenicName', title: `${F}.sysScenicName` },
    { key: 'supplierName', title: `${F}.supplierName` },
    { key: 'state', title: `${F}.state`, render: (r) => label(PRODUCT_STATE, r.state) },
    {
      key: 'channelProduct',
      title: `${F}.channelProduct`,
      render: (r) =>
        r.channelProductId === null ? (
          <Chip size="small" variant="outlined" label={intl.formatMessage({ id: 'ticket.channels.notMapped' })} />
        ) : (
          <Chip size="small" color="success" label={`${r.channelProductName ?? ''} (${r.channelProductId})`} data-testid={`channel-sys-mapped-${r.productId}`} />
        ),
    },
    {
      key: 'actions',
      title: `${F}.actions`,
      render: (r) => (
        <RowActions>
          {mayMap && <RowAction label={r.channelProductId === null ? 'ticket.channels.map' : 'ticket.channels.remap'} onClick={() => setMapping(r)} testId={`channel-map-${r.productId}`} />}
          {mayUnmap && r.channelProductId !== null && (
            <RowAction
              label="ticket.channels.unmap"
              color="error"
              testId={`channel-unmap-${r.productId}`}
              onClick={() =>
                confirm.ask(intl.formatMessage({ id: 'ticket.channels.unmapQuestion' }, { product: r.productName, channelProduct: r.channelProductName ?? r.channelProductId }), () =>
                  api.post('ticket-app', endpointOf(PERM.ticketChannel.unmap), { configId, productId: r.productId }).then(() => f.refresh()),
                )
              }
            />
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <ListPage
      title="ticket.channels.sysProductsTitle"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.sysProductName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="channel-sys-name" />
          <SelectFilter label={`${F}.sysScenicName`} value={f.draft.scenicId} onChange={(v) => f.set('scenicId', v)} options={scenics} width={200} testId="channel-sys-scenic" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.productId} testId="channel-sys-products-table" />
      {confirm.element}
      {mapping && (
        <MapDialog
          configId={configId}
          product={mapping}
          onClose={() => setMapping(null)}
          onDone={() => {
            setMapping(null);
            f.refresh();
          }}
        />
      )}
    </ListPage>
  );
}
