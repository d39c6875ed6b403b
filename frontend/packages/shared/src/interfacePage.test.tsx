// The page of one configured interface (hotel and ticket channel and vendor menus): its
// configurations by merchant as saas-main answers them, and the row links an application may
// add (the ticket channels'); without them (hotel) the rows have no actions column.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InterfacePage from './components/InterfacePage';
import { query, renderPage, serve, setUpPageTests } from './testing';

setUpPageTests();

const PATH = '/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001';
const config = (id: number, state: number) => ({ id, configName: `Config ${id}`, baseUrl: 'https://channel.example.com', credentialKeys: ['appKey', 'appSecret'], state, modifyDate: 0 });
const ANSWER = [{ mchId: 2002, mchName: 'Demo Distributor', configs: [config(5, 1), config(6, 0)] }];

describe('the interface page', () => {
  it("lists the interface's configurations by merchant, without actions when the application gives none", async () => {
    const calls = serve(() => ANSWER);
    const { problems } = renderPage(InterfacePage, {}, PATH);
    expect(await screen.findByText('Config 5')).toBeTruthy();
    expect(query(calls[0])).toEqual({ interfaceId: '1001' });
    expect(screen.getByText('Demo Distributor')).toBeTruthy();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(problems).toEqual([]);
  });

  it("adds the application's row actions, given each configuration and the interface", async () => {
    serve(() => ANSWER);
    const seen: [number, number][] = [];
    const WithActions = () => (
      <InterfacePage
        rowActions={(c, interfaceId) => {
          seen.push([c.id, interfaceId]);
          return <span>{`open ${c.id}`}</span>;
        }}
      />
    );
    renderPage(WithActions, {}, PATH);
    expect(await screen.findByText('open 5')).toBeTruthy();
    expect(screen.getByText('open 6')).toBeTruthy();
    expect(screen.getByText('Actions')).toBeTruthy();
    expect(seen).toContainEqual([6, 1001]);
  });
});
