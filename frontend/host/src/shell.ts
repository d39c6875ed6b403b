// What the shell does around the session: log in, load the user, the tenant or merchant info,
// the permissions and the applications; renew the token every 50 minutes; log out.
import { api, refreshAccessToken, session, type AppEntry, type UserInfo } from '@tradewind/shared/core';

/** Token renewal period of the shell (3,000,000 ms). */
export const RENEW_MS = 3_000_000;

export interface LoginAnswer {
  token: string;
  refreshToken: string;
  message?: string;
}

export async function login(username: string, password: string): Promise<void> {
  const res = await fetch('/api/auth-center/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': document.documentElement.lang },
    body: JSON.stringify({ username: username.trim(), password }),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<LoginAnswer> & { msg?: string };
  if (!res.ok || !body.token) {
    throw new Error(body.msg || body.message || res.statusText);
  }
  session.setTokens(body.token, body.refreshToken ?? null);
}

/** After login or on the first navigation: the user, then merchant or tenant info, then codes. */
export async function loadSession(): Promise<void> {
  const user = await api.get<UserInfo>('auth-center', '/client/user');
  const org =
    user.mchId !== 0
      ? await api.get<Record<string, unknown>>('saas-main', '/saas/myInfo/saasMchInfo/load', { query: { mchId: user.mchId }, quiet: true }).catch(() => null)
      : await api.get<Record<string, unknown>>('saas-main', '/saas/myInfo/saasInfo/load', { quiet: true }).catch(() => null);
  session.setUser(user, org);
  const perms = await api.get<{ permCode: string; appId: number }[]>('auth-center', '/client/user/loadMenu');
  session.setPermissions(perms ?? []);
}

export function loadApps(): Promise<AppEntry[]> {
  return api.get<AppEntry[]>('auth-center', '/client/user/loadAppList');
}

export async function logout(): Promise<void> {
  try {
    await api.post('auth-center', '/api/auth/logout', undefined, { quiet: true });
  } catch {
    // Ending the session locally is what matters.
  }
  session.clear();
}

/** Renews the access token every 50 minutes; a failed renewal ends the session. */
export function startRenewal(onFail: () => void): () => void {
  const timer = setInterval(async () => {
    if (!(await refreshAccessToken())) {
      clearInterval(timer);
      session.clear();
      onFail();
    }
  }, RENEW_MS);
  return () => clearInterval(timer);
}
