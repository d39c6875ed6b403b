// The one API client: every call of every page goes through here. It knows the gateway's
// per-service paths and timeouts, the bearer token, the envelope, and the shell's error
// catalogue (what the user is told for 401, 403, 412, 500, and when the session ends).
import { session } from './session';

export type Service =
  | 'auth-center'
  | 'saas-main'
  | 'hotel-app'
  | 'ticket-app'
  | 'weixin-server'
  | 'mall-app'
  | 'message-server'
  | 'finance-app';

/** Timeouts of the shell: auth-center, saas-main and ticket-app 15 s; hotel-app, weixin 60 s. */
export const TIMEOUTS: Record<Service, number> = {
  'auth-center': 15_000,
  'saas-main': 15_000,
  'ticket-app': 15_000,
  'hotel-app': 60_000,
  'weixin-server': 60_000,
  'mall-app': 15_000,
  'message-server': 15_000,
  'finance-app': 15_000,
};

export function baseUrl(service: Service): string {
  return `/api/${service}`;
}

/** What a failed call carries: the HTTP status, the server's code and message, the field. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public field?: string,
    /** The reason alone (without the field's name), for the form to show under the field. */
    public reason?: string,
  ) {
    super(message);
  }
}

export type Severity = 'error' | 'warning' | 'success' | 'info';

/** What the client needs from the shell: telling the user, leaving for the login page. */
export interface ApiHooks {
  notify(severity: Severity, message: string, durationMs?: number): void;
  /** A translated message of the catalogue (`api.*` ids). */
  t(id: string, values?: Record<string, string>): string;
  /** The session is over: go to /login. */
  toLogin(): void;
  /** Log out and reload (after a repeated login or an expired session). */
  reload(): void;
  /** Waits (tests make it immediate). */
  sleep(ms: number): Promise<void>;
}

let hooks: ApiHooks = {
  notify: () => undefined,
  t: (id) => id,
  toLogin: () => undefined,
  reload: () => undefined,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

export function configureApi(h: Partial<ApiHooks>) {
  hooks = { ...hooks, ...h };
}

/** Tells the user something through the shell's toasts (a page's "Saved"). */
export function notify(severity: Severity, message: string, durationMs?: number) {
  hooks.notify(severity, message, durationMs);
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Send no token (login, public enumerations, build info). */
  noAuth?: boolean;
  /** Leave failures to the caller: nothing is shown (the login page shows its own). */
  quiet?: boolean;
  /** The answer is a file (an image, a PDF): resolved as a Blob; a failure still carries the envelope. */
  binary?: boolean;
}

interface Envelope<T> {
  state?: string;
  code?: string;
  msg?: string;
  data?: T;
}

function url(service: Service, path: string, query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return `${baseUrl(service)}${path}${s ? `?${s}` : ''}`;
}

/** URLs naming an export or a download answer files. */
export function isBinary(path: string): boolean {
  return path.includes('export') || path.includes('Download');
}

/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for a new access token; one attempt at a time. */
export function refreshAccessToken(): Promise<boolean> {
  const refresh = session.refreshToken();
  if (!refresh) return Promise.resolve(false);
  if (!refreshing) {
    refreshing = (async () => {
      try {
        const res = await fetch(`${baseUrl('auth-center')}/api/auth/token`, {
          headers: { Authorization: `Bearer ${refresh}` },
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { token?: string; data?: { token?: string } };
        const token = body.token ?? body.data?.token;
        if (!token) return false;
        session.setTokens(token);
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
  }
  return refreshing;
}

function endSession(message: string) {
  hooks.notify('error', message);
  session.clear();
  hooks.toLogin();
}

async function readBody(res: Response): Promise<Envelope<unknown> | null> {
  try {
    return (await res.json()) as Envelope<unknown>;
  } catch {
    return null;
  }
}

async function send<T>(
  method: string,
  service: Service,
  path: string,
  opts: RequestOptions,
  retried: boolean,
): Promise<T> {
  const token = session.token();
  if (!opts.noAuth && !token) {
    endSession(hooks.t('api.noToken'));
    throw new ApiError(401, 'no-token', hooks.t('api.noToken'));
  }
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (!opts.noAuth && token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const lang = document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUTS[service]);
  let res: Response;
  try {
    res = await fetch(url(service, path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: ctrl.signal,
    });
  } catch (e) {
    const timedOut = ctrl.signal.aborted;
    const msg = hooks.t(timedOut ? 'api.timeout' : 'api.network');
    if (!opts.quiet) hooks.notify('error', msg);
    throw new ApiError(0, timedOut ? 'timeout' : 'network', msg ?? String(e));
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) {
    if (opts.binary || isBinary(path)) return (await res.blob()) as T;
    const body = await readBody(res);
    return (body && 'data' in body ? body.data : body) as T;
  }
  const body = await readBody(res);
  const code = body?.code ?? '';
  const msg = body?.msg ?? res.statusText;
  const detail = body?.data as { field?: string; reason?: string } | undefined;
  const fail = new ApiError(res.status, code, msg, detail?.field, detail?.reason);
  if (res.status === 401 && !opts.noAuth) {
    if (code === 'token-repeated') {
      hooks.notify('error', `${hooks.t('api.repeated')}: ${msg}`, 3000);
      await hooks.sleep(3000);
      session.clear();
      hooks.reload();
      throw fail;
    }
    if (!retried && (await refreshAccessToken())) {
      return send<T>(method, service, path, opts, true);
    }
    hooks.notify('error', hooks.t('api.expired'));
    session.clear();
    hooks.reload();
    throw fail;
  }
  if (opts.quiet) throw fail;
  if (res.status === 403) {
    hooks.notify('error', hooks.t('api.forbidden'));
  } else if (res.status === 412 || (res.status >= 400 && res.status < 500)) {
    hooks.notify('warning', msg);
  } else if (res.status >= 500) {
    hooks.notify('error', body?.msg ? `500: ${body.msg}` : hooks.t('api.serverError'));
  }
  throw fail;
}

export const api = {
  get: <T>(service: Service, path: string, opts: RequestOptions = {}) =>
    send<T>('GET', service, path, opts, false),
  post: <T>(service: Service, path: string, body?: unknown, opts: RequestOptions = {}) =>
    send<T>('POST', service, path, { ...opts, body }, false),
  put: <T>(service: Service, path: string, body?: unknown, opts: RequestOptions = {}) =>
    send<T>('PUT', service, path, { ...opts, body }, false),
  patch: <T>(service: Service, path: string, body?: unknown, opts: RequestOptions = {}) =>
    send<T>('PATCH', service, path, { ...opts, body }, false),
  delete: <T>(service: Service, path: string, opts: RequestOptions = {}) =>
    send<T>('DELETE', service, path, opts, false),
};

/** One page of a list, as every list endpoint answers it. */
export interface Page<T> {
  results: T[];
  sizeAll: number;
  page?: number;
  resultNum?: number;
}
