// A channel's scenic spots as last pulled (GET /saas/ticket/channel/listScenic), by name; one
// page for every channel (channel/meituan/listScenic, alitrip/getAlitripScenic,
// tongcheng/getTongchengScenic, api/listScenic).
import { useCallback } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { api, DataTable, dateTime, endpointOf, ListPage, PERM, TextFilter, useFilters, type Column, type Page } from '@tradewind/shared';
import { ChannelFrame } from './ChannelFrame';
import { appPath } from '../../app';
import { channelRoutePath, type CatalogueRow, type Channel } from './channels';

const F = 'ticket.channels.fields';

export default function ChannelScenicList() {
  return <ChannelFrame kind="scenics">{(configId, channel, pulled) => <Scenics configId={configId} channel={channel} pulled={pulled} />}</ChannelFrame>;
}

function Scenics({ configId, channel, pulled }: { configId: number; channel: Channel; pulled: number }) {
  const f = useFilters({ name: '' });
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<CatalogueRow>>('ticket-app', endpointOf(PERM.ticketChannel.listScenic), { query: { configId, name: applied.name.trim(), page, resultNum: size } }),
    // A pull reloads what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [applied, configId, pulled],
  );
  const columns: Column<CatalogueRow>[] = [
    { key: 'channelId', title: `${F}.scenicId` },
    { key: 'name', title: `${F}.scenicName` },
    { key: 'syncedAt', title: `${F}.syncedAt`, render: (r) => dateTime(r.syncedAt) },
    {
      key: 'actions',
      title: `${F}.actions`,
      render: (r) => (
        <Link component={RouterLink} to={`${appPath(channelRoutePath(channel, 'products'))}?configId=${configId}&scenicId=${encodeURIComponent(r.channelId)}`} data-testid={`channel-scenic-products-${r.channelId}`}>
          <FormattedMessage id="ticket.channels.scenicProducts" />
        </Link>
      ),
    },
  ];
  return (
    <ListPage
      title="ticket.channels.scenicsTitle"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={<TextFilter label={`${F}.scenicName`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="channel-scenic-name" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.channelId} testId="channel-scenics-table" empty="ticket.channels.emptyCatalogue" />
    </ListPage>
  );
}
