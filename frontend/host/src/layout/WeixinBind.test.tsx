// The header's weixin binding control against a stubbed weixin-server: absent without a
// configuration, bound with a nickname (clicking unbinds), and the QR code with its polling.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@tradewind/shared';
import en from '../messages/en';
import { Toasts } from '../notifier';
import { WeixinBind } from './WeixinBind';

interface Call {
  method: string;
  url: URL;
}

type Answer = { status?: number; body?: unknown };
let calls: Call[];

/** Answers each call by its path (an envelope around `body`, or a bare status). */
function serve(route: (c: Call) => Answer) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: new URL(input, 'http://console.test') };
      calls.push(call);
      const a = route(call);
      const status = a.status ?? 200;
      return new Response(JSON.stringify(status === 200 ? { state: 'success', code: 'ok', data: a.body } : a.body ?? {}), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const paths = () => calls.map((c) => c.url.pathname.replace('/api/weixin-server', ''));
const of = (path: string) => calls.filter((c) => c.url.pathname.endsWith(path));

function show() {
  render(
    <IntlProvider locale="en" messages={en}>
      <WeixinBind saasId={42} />
      <Toasts />
    </IntlProvider>,
  );
}

beforeEach(() => {
  session.clear();
  session.setTokens('access-1', 'refresh-1');
});

afterEach(() => {
  // The toasts live in the shell's store, not in the rendered tree: close them for the next test.
  for (const t of screen.queryAllByTestId('toast')) fireEvent.click(within(t).getByRole('button'));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the weixin binding control', () => {
  it('is absent when no configuration id exists, and asks nothing more', async () => {
    serve(() => ({ body: [] }));
    show();
    await waitFor(() => expect(of('/getConfigIds')).toHaveLength(1));
    const c = of('/getConfigIds')[0];
    expect(c.url.searchParams.get('saasId')).toBe('42');
    expect(c.url.pathname).toBe('/api/weixin-server/openapi/mp/config/getConfigIds');
    await act(async () => undefined);
    expect(screen.queryByTestId('weixin-bind')).toBeNull();
    expect(paths()).toEqual(['/openapi/mp/config/getConfigIds']);
  });

  it('is absent and silent while weixin-server does not serve getConfigIds (404)', async () => {
    serve(() => ({ status: 404, body: { msg: 'Not Found' } }));
    show();
    await waitFor(() => expect(of('/getConfigIds')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('weixin-bind')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(of('/baseInfo')).toHaveLength(0);
  });

  it('shows the nickname when bound; clicking unbinds by openId and returns to a fresh QR code', async () => {
    let bound = true;
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: ['7', '8'] };
      if (c.url.pathname.endsWith('/baseInfo')) return { body: bound ? { nickname: 'Ann', openId: 'o-ann' } : {} };
      if (c.url.pathname.endsWith('/removeBind')) {
        bound = false;
        return { body: { state: 'success' } };
      }
      if (c.url.pathname.endsWith('/bindQrCode')) return { body: 'data:image/png;base64,QR2' };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(control.textContent).toBe('WeChat: Ann'));
    expect(of('/baseInfo')[0].url.searchParams.get('configId')).toBe('7');
    fireEvent.click(control);
    const qr = (await screen.findByTestId('weixin-qr')) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,QR2');
    const patch = of('/removeBind');
    expect(patch).toHaveLength(1);
    expect(patch[0].method).toBe('PATCH');
    expect(patch[0].url.searchParams.get('openId')).toBe('o-ann');
    expect(screen.getByText('Unbound, you can scan the QR code to bind again')).toBeTruthy();
    expect(screen.getByTestId('weixin-bind').textContent).toBe('Bind WeChat');
  });

  it("shows the server's message as a warning when unbinding fails, and stays bound", async () => {
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: [7] };
      if (c.url.pathname.endsWith('/baseInfo')) return { body: { nickname: 'Ann', openId: 'o-ann' } };
      if (c.url.pathname.endsWith('/removeBind')) return { status: 412, body: { state: 'fail', msg: 'Binding is locked' } };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(control.textContent).toBe('WeChat: Ann'));
    fireEvent.click(control);
    expect(await screen.findByText('Binding is locked')).toBeTruthy();
    expect(screen.getByTestId('toast').className).toMatch(/Warning/);
    expect(screen.getByTestId('weixin-bind').textContent).toBe('WeChat: Ann');
    expect(of('/bindQrCode')).toHaveLength(0);
  });

  it('on hover fetches the QR code with the configId and refresh token, polls every 10 s and turns bound', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let scanned = false;
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: [7] };
      if (c.url.pathname.endsWith('/baseInfo')) return { body: scanned ? { nickname: 'Bob', openId: 'o-bob' } : { nickname: null } };
      if (c.url.pathname.endsWith('/bindQrCode')) return { body: { ticket: 'T1' } };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(of('/baseInfo')).toHaveLength(1));
    expect(control.textContent).toBe('Bind WeChat');
    expect(of('/bindQrCode')).toHaveLength(0);

    fireEvent.mouseEnter(control.parentElement!);
    const qr = await screen.findByTestId('weixin-qr');
    expect(qr.getAttribute('src')).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T1');
    expect(screen.getByText('Scan with WeChat within 30 minutes')).toBeTruthy();
    const ask = of('/bindQrCode');
    expect(ask).toHaveLength(1);
    expect(ask[0].url.searchParams.get('configId')).toBe('7');
    expect(ask[0].url.searchParams.get('refreshToken')).toBe('refresh-1');

    // Nothing is asked before the first 10 s have passed, then once per period.
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(of('/baseInfo')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(of('/baseInfo')).toHaveLength(2);
    expect(of('/baseInfo')[1].url.searchParams.get('configId')).toBe('7');

    // Hovering again within 30 minutes shows the same code.
    fireEvent.mouseLeave(control.parentElement!);
    fireEvent.mouseEnter(control.parentElement!);
    await screen.findByTestId('weixin-qr');
    expect(of('/bindQrCode')).toHaveLength(1);

    scanned = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(of('/baseInfo')).toHaveLength(3);
    await waitFor(() => expect(screen.getByTestId('weixin-bind').textContent).toBe('WeChat: Bob'));
    expect(screen.queryByTestId('weixin-qr')).toBeNull();

    // Bound: the poll has stopped.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(of('/baseInfo')).toHaveLength(3);
  });

  it('fetches a new QR code once the last is 30 minutes old', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: [7] };
      if (c.url.pathname.endsWith('/baseInfo')) return { body: {} };
      if (c.url.pathname.endsWith('/bindQrCode')) return { body: { qrCodeUrl: `https://qr.example/${++n}.png` } };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(of('/baseInfo')).toHaveLength(1));
    fireEvent.mouseEnter(control.parentElement!);
    expect((await screen.findByTestId('weixin-qr')).getAttribute('src')).toBe('https://qr.example/1.png');
    fireEvent.mouseLeave(control.parentElement!);
    await act(() => vi.advanceTimersByTimeAsync(30 * 60 * 1000));
    expect(of('/bindQrCode')).toHaveLength(1);
    fireEvent.mouseEnter(control.parentElement!);
    await waitFor(() => expect(screen.getByTestId('weixin-qr').getAttribute('src')).toBe('https://qr.example/2.png'));
    expect(of('/bindQrCode')).toHaveLength(2);
  });

  it("says the server's message and that the bind QR failed", async () => {
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: [7] };
      if (c.url.pathname.endsWith('/baseInfo')) return { body: {} };
      if (c.url.pathname.endsWith('/bindQrCode')) return { status: 500, body: { state: 'fail', msg: 'WeChat unreachable' } };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(of('/baseInfo')).toHaveLength(1));
    fireEvent.mouseEnter(control.parentElement!);
    const t = await screen.findByTestId('toast');
    expect(t.textContent).toBe('WeChat unreachable failed to get the bind QR code');
    expect(screen.queryByTestId('weixin-qr')).toBeNull();
  });

  it('warns once that the official account is not followed when the poll says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    serve((c) => {
      if (c.url.pathname.endsWith('/getConfigIds')) return { body: [7] };
      if (c.url.pathname.endsWith('/baseInfo')) {
        return polls++ === 0 ? { body: {} } : { status: 412, body: { state: 'fail', code: 'not-followed', msg: 'user has not followed' } };
      }
      if (c.url.pathname.endsWith('/bindQrCode')) return { body: 'https://qr.example/q.png' };
      return { status: 404 };
    });
    show();
    const control = await screen.findByTestId('weixin-bind');
    await waitFor(() => expect(of('/baseInfo')).toHaveLength(1));
    fireEvent.mouseEnter(control.parentElement!);
    await screen.findByTestId('weixin-qr');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(of('/baseInfo')).toHaveLength(2);
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual([en['header.weixinNotFollowed']]);
    // The next poll fails the same way after that toast's 3 s: no second warning appears.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(of('/baseInfo')).toHaveLength(3);
    expect(screen.queryAllByTestId('toast')).toEqual([]);
  });
});
