// The interface log against a stubbed ticket-app: the filters' query (configuration, action,
// outcome, the days as milliseconds from the first's start to the last's end), the outcome as a
// coloured chip, and a call's request and answer, pretty-printed when JSON.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import { pageOf, pick, query, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import type { Call } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import { hold, staffUser } from '../../fixtures';
import InterfaceLogList, { logQuery, NO_FILTERS, pretty } from './InterfaceLogList';

setUpPageTests();

const LIST = '/api/ticket-app/saas/ticket/log/interfaceLog/list';
/** The last read of the log. */
const lastLog = (calls: Call[]) => calls.filter((c) => c.url.pathname === LIST).at(-1) as Call;

const CONFIGS = [{ id: 5, interfaceId: 2001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'Meituan tickets', productType: 20, type: 2 }];
const log = (id: number, outcome: number, answer: string) => ({
  id,
  configId: 5,
  interfaceName: 'meituan',
  action: 'products',
  method: 'GET',
  url: 'http://127.0.0.1:8096/meituan/v1/products',
  request: '',
  status: outcome === 3 ? 0 : 200,
  answer,
  tookMs: 12,
  outcome,
  reason: outcome === 1 ? '' : 'connection refused',
  createdAt: 1_780_000_000_000,
});

describe('interface log', () => {
  it('asks with the filters chosen, the days from the start of the first to the end of the last', async () => {
    staffUser();
    hold(PERM.distributor.select);
    const calls = serve((c) => {
      if (c.url.pathname.endsWith('/interfaceConfig/listForSelect')) return CONFIGS;
      if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return [{ id: 2002, name: 'Demo Distributor' }];
      return pageOf([log(1, 1, '{"code":0,"data":[{"dealId":"deal-1001"}]}'), log(2, 3, '')]);
    });
    const { problems } = renderPage(InterfaceLogList, en);
    expect(await screen.findByTestId('interface-log-outcome-1')).toBeTruthy();
    expect(query(lastLog(calls))).toEqual({ page: '1', resultNum: '20' });
    // Coloured by outcome.
    expect(screen.getByTestId('interface-log-outcome-1').className).toMatch(/colorSuccess/);
    expect(screen.getByTestId('interface-log-outcome-2').className).toMatch(/colorError/);
    expect(screen.getByTestId('interface-log-outcome-2').textContent).toBe('Failed');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Configuration' })).toBeTruthy());
    pick('Configuration', 'Meituan · Meituan tickets · Demo Distributor');
    pick('Action', 'Products pulled');
    pick('Outcome', 'Refused');
    fireEvent.change(screen.getByTestId('interface-log-start'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('interface-log-end'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    const start = new Date('2026-11-01T00:00:00').getTime();
    const end = new Date('2026-11-03T00:00:00').getTime() - 1;
    await waitFor(() =>
      expect(query(lastLog(calls))).toEqual({ configId: '5', action: 'products', outcome: '2', startTime: String(start), endTime: String(end), page: '1', resultNum: '20' }),
    );
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastLog(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });

  it("opens a call's request and answer, JSON pretty-printed and other text as it is", async () => {
    serve((c) => (c.url.pathname.endsWith('/interfaceConfig/listForSelect') ? CONFIGS : pageOf([log(1, 1, '{"code":0,"data":[{"dealId":"deal-1001"}]}'), log(2, 3, '')])));
    renderPage(InterfaceLogList, en);
    fireEvent.click(await screen.findByTestId('interface-log-view-1'));
    const detail = await screen.findByTestId('interface-log-detail');
    expect(within(detail).getByTestId('interface-log-answer').textContent).toBe('{\n  "code": 0,\n  "data": [\n    {\n      "dealId": "deal-1001"\n    }\n  ]\n}');
    expect(within(detail).getByTestId('interface-log-request').textContent).toBe('(empty)');
    expect(pretty('upstream timed out')).toBe('upstream timed out');
    expect(logQuery({ ...NO_FILTERS, startDate: '2026-11-01' }, 2, 50)).toEqual({
      configId: '',
      action: '',
      outcome: '',
      startTime: new Date('2026-11-01T00:00:00').getTime(),
      endTime: undefined,
      page: 2,
      resultNum: 50,
    });
  });

  it("names a channel's order calls and offers them as actions", async () => {
    staffUser();
    const order = { ...log(3, 1, '{"code":0,"data":{"orderId":"T1","state":"confirmed"}}'), action: 'order', method: 'POST', url: '/api/ticket-app/openapi/channel/5/orders' };
    const cancel = { ...log(4, 2, '{"code":412}'), action: 'order-cancel', method: 'POST', url: '/api/ticket-app/openapi/channel/5/orders/cancel' };
    const notify = { ...log(5, 1, '{"code":0}'), action: 'order-notify', method: 'POST', url: 'http://127.0.0.1:8096/meituan/v1/orders/notify' };
    const calls = serve((c) => (c.url.pathname.endsWith('/interfaceConfig/listForSelect') ? CONFIGS : pageOf([order, cancel, notify])));
    const { problems } = renderPage(InterfaceLogList, en);
    const table = await screen.findByTestId('interface-logs-table');
    expect(await within(table).findByText('Channel order')).toBeTruthy();
    expect(within(table).getByText('Channel cancellation')).toBeTruthy();
    expect(within(table).getByText('Order notice')).toBeTruthy();
    for (const [option, action] of [
      ['Channel order', 'order'],
      ['Channel cancellation', 'order-cancel'],
      ['Order notice', 'order-notify'],
    ]) {
      pick('Action', option);
      fireEvent.click(screen.getByTestId('search-inquire'));
      await waitFor(() => expect(query(lastLog(calls))).toEqual({ action, page: '1', resultNum: '20' }));
    }
    expect(problems).toEqual([]);
  });
});
