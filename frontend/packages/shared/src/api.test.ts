import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi, TIMEOUTS, isBinary } from './api';
import { session } from './session';

type Call = { url: string; init: RequestInit };

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: Call[];
let shown: [string, string, number | undefined][];
let toLogin: ReturnType<typeof vi.fn<() => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

function serve(...answers: Response[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next;
    }),
  );
}

beforeEach(() => {
  calls = [];
  shown = [];
  toLogin = vi.fn<() => void>();
  reload = vi.fn<() => void>();
  session.clear();
  configureApi({
    notify: (s, m, d) => shown.push([s, m, d]),
    t: (id) => id,
    toLogin,
    reload,
    sleep: async () => undefined,
  });
});

describe('the API client', () => {
  it('sends the bearer token to the service through the gateway and unwraps the envelope', async () => {
    session.setTokens('t1', 'r1');
    serve(reply(200, { state: 'success', code: 'ok', data: { n: 1 } }));
    const data = await api.get<{ n: number }>('hotel-app', '/saas/hotel/list', { query: { page: 1, empty: '' } });
    expect(data).toEqual({ n: 1 });
    expect(calls[0].url).toBe('/api/hotel-app/saas/hotel/list?page=1');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer t1');
  });

  it('without a token says "Auth failed" and goes to login without calling', async () => {
    serve();
    await expect(api.get('saas-main', '/saas/x')).rejects.toMatchObject({ status: 401 });
    expect(shown[0]).toEqual(['error', 'api.noToken', undefined]);
    expect(toLogin).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('on a repeated login shows the server message for 3 s, then logs out and reloads', async () => {
    session.setTokens('t1', 'r1');
    serve(reply(401, { code: 'token-repeated', msg: 'logged in elsewhere' }));
    await expect(api.get('saas-main', '/saas/x')).rejects.toMatchObject({ code: 'token-repeated' });
    expect(shown[0]).toEqual(['error', 'api.repeated: logged in elsewhere', 3000]);
    expect(session.token()).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('on another 401 refreshes the token once and retries', async () => {
    session.setTokens('old', 'r1');
    serve(
      reply(401, { code: 'token-expired', msg: 'expired' }),
      reply(200, { token: 'new' }),
      reply(200, { state: 'success', data: 7 }),
    );
    expect(await api.get('saas-main', '/saas/x')).toBe(7);
    expect(calls[1].url).toBe('/api/auth-center/api/auth/token');
    expect((calls[1].init.headers as Record<string, string>).Authorization).toBe('Bearer r1');
    expect((calls[2].init.headers as Record<string, string>).Authorization).toBe('Bearer new');
    expect(session.token()).toBe('new');
  });

  it('when the refresh fails says the identity expired and logs out', async () => {
    session.setTokens('old', 'r1');
    serve(reply(401, { code: 'token-expired' }), reply(401, { code: 'session-ended' }));
    await expect(api.get('saas-main', '/saas/x')).rejects.toMatchObject({ status: 401 });
    expect(shown[0]).toEqual(['error', 'api.expired', undefined]);
    expect(session.token()).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('maps 403, 412 and 500 to the catalogue', async () => {
    session.setTokens('t', 'r');
    serve(
      reply(403, { code: 'forbidden', msg: 'no' }),
      reply(412, { code: 'invalid', msg: 'password: too short', data: { field: 'password' } }),
      reply(500, { code: 'internal', msg: 'database down' }),
      new Response('oops', { status: 502 }),
    );
    await expect(api.get('saas-main', '/a')).rejects.toMatchObject({ status: 403 });
    await expect(api.post('saas-main', '/b', {})).rejects.toMatchObject({ status: 412, field: 'password' });
    await expect(api.get('saas-main', '/c')).rejects.toMatchObject({ status: 500 });
    await expect(api.get('saas-main', '/d')).rejects.toMatchObject({ status: 502 });
    expect(shown).toEqual([
      ['error', 'api.forbidden', undefined],
      ['warning', 'password: too short', undefined],
      ['error', '500: database down', undefined],
      ['error', 'api.serverError', undefined],
    ]);
  });

  it('fetches exports and downloads as files, and knows each service timeout', async () => {
    session.setTokens('t', 'r');
    serve(new Response('a,b', { status: 200 }));
    const blob = await api.get<Blob>('hotel-app', '/saas/order/exportOrders');
    expect(await blob.text()).toBe('a,b');
    expect(isBinary('/x/fileDownload')).toBe(true);
    expect(isBinary('/x/list')).toBe(false);
    // A file under another name is asked for as one.
    serve(new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const pdf = await api.get<Blob>('ticket-app', '/saas/order/ticketVoucher/pdf', { query: { orderId: 1 }, binary: true });
    expect(await pdf.text()).toBe('%PDF-1.7');
    expect([TIMEOUTS['auth-center'], TIMEOUTS['saas-main'], TIMEOUTS['ticket-app']]).toEqual([15000, 15000, 15000]);
    expect([TIMEOUTS['hotel-app'], TIMEOUTS['weixin-server']]).toEqual([60000, 60000]);
  });
});
