// The ticket channels' pages (docs/channels.md): which channel a page is of, by its path
// (`channel/<channel>/<page>`), the spec's page names of each channel, and the tenant's enabled
// configurations of a channel (saas-main GET /saas/saasInterface/interfaceConfig/listForSelect).
import { api, endpointOf, PERM, useHolds, useLoadState, type InterfaceChoice, type TicketAppApi } from '@tradewind/shared';
import { appPath } from '../../app';

type Api = TicketAppApi['schemas'];

/** A spot of the channel as last pulled: GET /saas/ticket/channel/listScenic. */
export type CatalogueRow = Api['CatalogueRow'];
/** A product of the channel with the tenant's product it sells: GET /saas/ticket/channel/listProduct. */
export type ChannelProductRow = Omit<Api['ChannelProduct'], 'productId' | 'productName'> & { productId: number | null; productName: string | null };
/** A product of the tenant with its channel product: GET /saas/ticket/channel/listSysProduct. */
export type SysProductRow = Omit<Api['SysProduct'], 'channelProductId' | 'channelProductName'> & {
  channelProductId: string | null;
  channelProductName: string | null;
};
/** What a pull took in: POST /saas/ticket/channel/sync. */
export type Synced = Api['Synced'];
/** A call to a channel: GET /saas/ticket/log/interfaceLog/list. */
export type InterfaceLogRow = Api['InterfaceLog'];

/** The ticket channels (the catalogue's ticket interfaces 2001-2004, by their code). */
export const CHANNELS = ['meituan', 'alitrip', 'tongcheng', 'api'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The three pages of a channel. */
export type ChannelPageKind = 'scenics' | 'products' | 'sysProducts';
export const PAGE_KINDS: readonly ChannelPageKind[] = ['scenics', 'products', 'sysProducts'];

/** The spec's page names: each channel's spots page has its own; the api channel's products of the tenant are "tickets". */
const PAGE_NAMES: Record<ChannelPageKind, Record<Channel, string>> = {
  scenics: { meituan: 'listScenic', alitrip: 'getAlitripScenic', tongcheng: 'getTongchengScenic', api: 'listScenic' },
  products: { meituan: 'listProduct', alitrip: 'listProduct', tongcheng: 'listProduct', api: 'listProduct' },
  sysProducts: { meituan: 'listSysProduct', alitrip: 'listSysProduct', tongcheng: 'listSysProduct', api: 'listSysTicket' },
};

/** The path of a channel's page under the `channel` menu (`alitrip/getAlitripScenic`). */
export function channelPageName(channel: Channel, kind: ChannelPageKind): string {
  return `${channel}/${PAGE_NAMES[kind][channel]}`;
}

/** The route path (under the application) of a channel's page. */
export function channelRoutePath(channel: Channel, kind: ChannelPageKind): string {
  return `channel/${channelPageName(channel, kind)}`;
}

/** The console path of a channel's page on a configuration. */
export function channelPagePath(channel: Channel, kind: ChannelPageKind, configId: number | string): string {
  return `${appPath(channelRoutePath(channel, kind))}?configId=${configId}`;
}

/** The channel of a page's path (`…/channel/alitrip/getAlitripScenic` -> alitrip), null for another. */
export function channelOfPath(pathname: string): Channel | null {
  const m = pathname.match(/\/channel\/([a-z]+)\//);
  return m && (CHANNELS as readonly string[]).includes(m[1]) ? (m[1] as Channel) : null;
}

/** A ticket channel's code, null for another interface. */
export function asChannel(interfaceName: string): Channel | null {
  return (CHANNELS as readonly string[]).includes(interfaceName) ? (interfaceName as Channel) : null;
}

/** Ticket (20) channels (2). */
export const TICKET_CHANNELS = { productType: 20, type: 2 } as const;

/**
 * The tenant's enabled ticket channel configurations (all channels); none while loading. Not
 * asked at all while `wanted` is false (a page that names configurations only in passing asks
 * only for a user holding the code).
 */
export function useTicketChannelConfigs(wanted = true): { configs: InterfaceChoice[]; done: boolean } {
  const { data, done } = useLoadState(
    wanted ? () => api.get<InterfaceChoice[]>('saas-main', endpointOf(PERM.interfaceConfig.select), { query: TICKET_CHANNELS }) : null,
    wanted ? 'ticket-channel-configs' : '',
  );
  return { configs: (data ?? []).filter((c) => c.productType === TICKET_CHANNELS.productType && c.type === TICKET_CHANNELS.type), done };
}

/** A configuration as the pages name it (`Meituan · Demo meituan`); null when it is not among `configs` (disabled, or not readable). */
export function channelConfigName(configs: InterfaceChoice[], configId: number): string | null {
  const c = configs.find((x) => x.id === configId);
  return c ? `${c.title} · ${c.configName}` : null;
}

/**
 * The name of a channel order's configuration (`channelConfigName`), for the pages that show an
 * order's channel: the configurations are asked only by a user holding their code and while
 * `wanted`; null for one not known (disabled, or not readable by the user).
 */
export function useChannelConfigNames(wanted = true): (configId: number) => string | null {
  const reads = useHolds(PERM.interfaceConfig.select);
  const { configs } = useTicketChannelConfigs(reads && wanted);
  return (configId) => channelConfigName(configs, configId);
}
