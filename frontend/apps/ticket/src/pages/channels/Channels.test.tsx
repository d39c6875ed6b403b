// The ticket channel pages against stubbed services: the configuration shown and chosen, the
// pull's states (progress, counts, the channel's refusal, an unreachable channel), the empty
// catalogue, the map dialog's search and body, the service's 412 under its field, unmapping
// after a question, and the links the channel's interface page gets.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { PERM } from '@tradewind/shared';
import { pageOf, query, renderPage, setUpPageTests, type Call } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import { hold, staffUser } from '../../fixtures';
import ChannelScenicList from './ChannelScenicList';
import ChannelProductList from './ChannelProductList';
import ChannelSysProductList from './ChannelSysProductList';
import ChannelInterfacePage from './ChannelInterfacePage';
import { channelOfPath, channelPagePath } from './channels';

setUpPageTests();

type Answer = unknown | { status: number; code?: string; msg?: string; data?: unknown; raw: true };

/** Stubs fetch with `answer` (possibly later, possibly a failure); returns the calls. */
function stub(answer: (c: Call) => Answer | Promise<Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = { method: init.method ?? 'GET', url: new URL(input, 'http://console.test'), body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const a = (await answer(call)) as { raw?: true; status: number; code?: string; msg?: string; data?: unknown };
      if (a && typeof a === 'object' && a.raw) {
        return new Response(JSON.stringify({ state: 'fail', code: a.code ?? '', msg: a.msg ?? '', data: a.data }), { status: a.status, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ state: 'success', code: 'ok', data: a }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const CONFIGS = [
  { id: 5, interfaceId: 2001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'Meituan tickets', productType: 20, type: 2 },
  { id: 6, interfaceId: 2001, interfaceName: 'meituan', title: 'Meituan', mchId: 2003, configName: 'Meituan north', productType: 20, type: 2 },
  { id: 7, interfaceId: 2002, interfaceName: 'alitrip', title: 'Alitrip', mchId: 2002, configName: 'Alitrip tickets', productType: 20, type: 2 },
];
const DISTRIBUTORS = [
  { id: 2002, name: 'Demo Distributor' },
  { id: 2003, name: 'North Travel' },
];
const SPOTS = [
  { channelId: 'poi-1001', name: '西湖风景区', parentId: '', syncedAt: 1_780_000_000_000 },
  { channelId: 'poi-1002', name: '千岛湖风景区', parentId: '', syncedAt: 1_780_000_000_000 },
];
const CHANNEL_PRODUCTS = [
  { channelId: 'deal-1001', name: '西湖成人票', parentId: 'poi-1001', parentName: '西湖风景区', syncedAt: 1_780_000_000_000, productId: null, productName: null },
  { channelId: 'deal-1002', name: '西湖儿童票', parentId: 'poi-1001', parentName: '西湖风景区', syncedAt: 1_780_000_000_000, productId: 12, productName: 'West Lake child' },
];
const SYS = [
  { productId: 11, productName: 'West Lake adult', scenicId: 3, scenicName: 'West Lake', supplierName: 'Sunrise Tickets', state: 1, channelProductId: null, channelProductName: null },
  { productId: 12, productName: 'West Lake child', scenicId: 3, scenicName: 'West Lake', supplierName: 'Sunrise Tickets', state: 1, channelProductId: 'deal-1002', channelProductName: '西湖儿童票' },
];

/** What saas-main answers every channel page (configurations, distributors); undefined otherwise. */
function common(c: Call): unknown {
  if (c.url.pathname === '/api/saas-main/saas/saasInterface/interfaceConfig/listForSelect') return CONFIGS;
  if (c.url.pathname === '/api/saas-main/saas/merchant/distributorInfos/loadForSelect') return DISTRIBUTORS;
  if (c.url.pathname === '/api/ticket-app/saas/product/scenicProducts/listForScenic') return pageOf([{ scenicId: 3, scenicName: 'West Lake' }]);
  return undefined;
}

const path = (p: string) => `/api/ticket-app/saas/ticket/channel/${p}`;
const SCENICS_PAGE = '/saas-ticket-app/channel/meituan/listScenic?configId=5';

function staff() {
  staffUser();
  hold(PERM.ticketChannel.sync, PERM.ticketChannel.map, PERM.ticketChannel.unmap, PERM.distributor.select);
}

describe('channel paths', () => {
  it("names each channel's pages as the spec does and reads the channel back from the path", () => {
    expect(channelPagePath('alitrip', 'scenics', 7)).toBe('/saas-ticket-app/channel/alitrip/getAlitripScenic?configId=7');
    expect(channelPagePath('tongcheng', 'scenics', 1)).toBe('/saas-ticket-app/channel/tongcheng/getTongchengScenic?configId=1');
    expect(channelPagePath('api', 'sysProducts', 1)).toBe('/saas-ticket-app/channel/api/listSysTicket?configId=1');
    expect(channelPagePath('meituan', 'sysProducts', 1)).toBe('/saas-ticket-app/channel/meituan/listSysProduct?configId=1');
    expect(channelOfPath('/saas-ticket-app/channel/tongcheng/listProduct')).toBe('tongcheng');
    expect(channelOfPath('/saas-ticket-app/channel/qunar/listProduct')).toBeNull();
  });
});

describe('pulling the catalogue', () => {
  it('shows the configuration among its channel\'s, says to pull first, pulls with progress and shows the counts and the spots', async () => {
    staff();
    let release: () => void = () => undefined;
    let pulled = false;
    const calls = stub(async (c) => {
      const known = common(c);
      if (known !== undefined) return known;
      if (c.url.pathname === path('sync')) {
        await new Promise<void>((r) => (release = r));
        pulled = true;
        return { scenics: 2, products: 3 };
      }
      if (c.url.pathname === path('listScenic')) return pageOf(pulled ? SPOTS : []);
      throw new Error(`unexpected ${c.url.pathname}`);
    });
    const { problems } = renderPage(ChannelScenicList, en, SCENICS_PAGE);
    expect(await screen.findByText('Meituan')).toBeTruthy();
    expect(await screen.findByText('Nothing here. If the catalogue has not been pulled yet, pull it first ("Pull catalogue").')).toBeTruthy();
    // The configuration by its name and distributor.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Configuration' }).textContent).toBe('Meituan tickets · Demo Distributor'));
    expect(query(calls.find((c) => c.url.pathname === path('listScenic')) as Call)).toEqual({ configId: '5', page: '1', resultNum: '20' });
    // Only this channel's configurations are offered.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Configuration' }));
    const offered = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Meituan tickets · Demo Distributor', 'Meituan north · North Travel']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    const button = screen.getByTestId('channel-sync');
    expect(button.textContent).toBe('Pull catalogue');
    fireEvent.click(button);
    await waitFor(() => expect((screen.getByTestId('channel-sync') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('channel-sync').textContent).toBe('Pulling…');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([[path('sync'), { configId: 5 }]]);
    release();
    expect(await screen.findByText('Catalogue pulled: 2 scenic spots, 3 products.')).toBeTruthy();
    expect((screen.getByTestId('channel-sync') as HTMLButtonElement).disabled).toBe(false);
    // The list is read again after the pull.
    expect(await screen.findByText('千岛湖风景区')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it("says the channel's refusal and an unreachable channel plainly", async () => {
    staff();
    let next: Answer = { raw: true, status: 412, code: 'channel-refused', msg: 'unknown account' };
    stub((c) => common(c) ?? (c.url.pathname === path('sync') ? next : pageOf([])));
    renderPage(ChannelScenicList, en, SCENICS_PAGE);
    fireEvent.click(await screen.findByTestId('channel-sync'));
    expect((await screen.findByTestId('channel-sync-result')).textContent).toBe('The channel refused: unknown account');
    next = { raw: true, status: 502, code: 'bad-gateway', msg: 'connection refused' };
    fireEvent.click(screen.getByTestId('channel-sync'));
    await waitFor(() => expect(screen.getByTestId('channel-sync-result').textContent).toBe('The channel could not be reached: connection refused'));
    next = { raw: true, status: 412, code: 'invalid', msg: 'configId: the configuration is disabled', data: { field: 'configId', reason: 'the configuration is disabled' } };
    fireEvent.click(screen.getByTestId('channel-sync'));
    await waitFor(() => expect(screen.getByTestId('channel-sync-result').textContent).toBe('Not pulled: the configuration is disabled'));
  });

  it('offers no pull without the code, and opens on the first configuration without ?configId=', async () => {
    staffUser();
    hold(PERM.distributor.select);
    const calls = stub((c) => common(c) ?? pageOf(SPOTS));
    renderPage(ChannelScenicList, en, '/saas-ticket-app/channel/alitrip/getAlitripScenic');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Configuration' }).textContent).toBe('Alitrip tickets · Demo Distributor'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === path('listScenic') && c.url.searchParams.get('configId') === '7')).toBe(true));
    expect(screen.queryByTestId('channel-sync')).toBeNull();
  });
});

describe("the channel's products", () => {
  it('filters by the channel spot the URL names and by name, showing what each is sold as', async () => {
    staff();
    const calls = stub((c) => common(c) ?? (c.url.pathname === path('listScenic') ? pageOf(SPOTS) : pageOf(CHANNEL_PRODUCTS)));
    renderPage(ChannelProductList, en, '/saas-ticket-app/channel/meituan/listProduct?configId=5&scenicId=poi-1001');
    expect(await screen.findByText('西湖成人票')).toBeTruthy();
    expect(screen.getByTestId('channel-product-mapped-deal-1002').textContent).toBe('West Lake child (12)');
    const first = calls.find((c) => c.url.pathname === path('listProduct')) as Call;
    expect(query(first)).toEqual({ configId: '5', scenicId: 'poi-1001', page: '1', resultNum: '20' });
    fireEvent.change(screen.getByTestId('channel-product-name'), { target: { value: ' 成人 ' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(calls.filter((c) => c.url.pathname === path('listProduct')).at(-1) as Call)).toEqual({ configId: '5', scenicId: 'poi-1001', name: '成人', page: '1', resultNum: '20' }));
  });
});

describe('mapping', () => {
  it("searches the channel's products, sends the chosen one and shows the service's 412 under the box", async () => {
    staff();
    let refuse = true;
    const calls = stub((c) => {
      const known = common(c);
      if (known !== undefined) return known;
      if (c.url.pathname === path('listSysProduct')) return pageOf(SYS);
      if (c.url.pathname === path('listProduct')) return pageOf(CHANNEL_PRODUCTS.filter((p) => p.name.includes(c.url.searchParams.get('name') ?? '')));
      if (c.url.pathname === path('map')) {
        if (refuse) {
          refuse = false;
          return { raw: true, status: 412, code: 'invalid', msg: 'channelProductId: sold as another product', data: { field: 'channelProductId', reason: 'sold as another product' } };
        }
        return null;
      }
      throw new Error(`unexpected ${c.url.pathname}`);
    });
    const { problems } = renderPage(ChannelSysProductList, en, '/saas-ticket-app/channel/meituan/listSysProduct?configId=5');
    expect(await screen.findByText('West Lake adult')).toBeTruthy();
    expect(screen.getByTestId('channel-sys-mapped-12').textContent).toBe('西湖儿童票 (deal-1002)');
    // Unmapped: no Unmap.
    expect(screen.queryByTestId('channel-unmap-11')).toBeNull();
    fireEvent.click(screen.getByTestId('channel-map-11'));
    const dialog = await screen.findByTestId('channel-map-dialog');
    // Nothing chosen: the browser's rule.
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please select Channel product')).toBeTruthy();
    const box = within(dialog).getByTestId('field-channelProductId');
    fireEvent.change(box, { target: { value: '成人' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === path('listProduct') && c.url.searchParams.get('name') === '成人')).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: /西湖成人票 \(deal-1001\)/ }));
    // The box shows what was chosen.
    expect((box as HTMLInputElement).value).toBe('西湖成人票 (deal-1001)');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('sold as another product')).toBeTruthy();
    const maps = () => calls.filter((c) => c.url.pathname === path('map'));
    expect(maps().map((c) => c.body)).toEqual([{ configId: 5, productId: 11, channelProductId: 'deal-1001' }]);
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('channel-map-dialog')).toBeNull());
    expect(maps()).toHaveLength(2);
    expect(maps()[1].body).toEqual({ configId: 5, productId: 11, channelProductId: 'deal-1001' });
    expect(problems).toEqual([]);
  });

  it('unmaps only after the question, with the configuration and product', async () => {
    staff();
    const calls = stub((c) => common(c) ?? (c.method === 'POST' ? null : pageOf(SYS)));
    renderPage(ChannelSysProductList, en, '/saas-ticket-app/channel/api/listSysTicket?configId=5');
    fireEvent.click(await screen.findByTestId('channel-unmap-12'));
    const question = await screen.findByTestId('confirm-dialog');
    expect(within(question).getByText('Stop selling West Lake child as 西湖儿童票 on this channel?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([[path('unmap'), { configId: 5, productId: 12 }]]));
  });
});

describe("the channel's interface page", () => {
  it("links each enabled configuration to its channel's three pages", async () => {
    staff();
    const configRow = (id: number, state: number) => ({ id, configName: `Config ${id}`, baseUrl: 'http://127.0.0.1:8096/meituan', credentialKeys: ['appKey'], state, modifyDate: 0 });
    stub((c) => common(c) ?? [{ mchId: 2002, mchName: 'Demo Distributor', configs: [configRow(5, 1), configRow(8, 0)] }]);
    renderPage(ChannelInterfacePage, en, '/saas-ticket-app/channelInterface/saasInterface/interfaceConfig/listForSelect2001');
    const link = await screen.findByTestId('interface-scenics-5');
    expect(link.getAttribute('href')).toBe('/saas-ticket-app/channel/meituan/listScenic?configId=5');
    expect(screen.getByTestId('interface-products-5').getAttribute('href')).toBe('/saas-ticket-app/channel/meituan/listProduct?configId=5');
    expect(screen.getByTestId('interface-sysProducts-5').getAttribute('href')).toBe('/saas-ticket-app/channel/meituan/listSysProduct?configId=5');
    // A disabled configuration has no channel pages.
    expect(screen.queryByTestId('interface-scenics-8')).toBeNull();
  });
});
