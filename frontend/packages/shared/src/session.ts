// The session: tokens in session storage (one browser tab, one session), the loaded user and
// tenant or merchant info in memory, with a subscription for React (useSession).
import { useSyncExternalStore } from 'react';

export interface UserInfo {
  id: number;
  username: string;
  realName?: string;
  nickName?: string;
  mobile?: string;
  email?: string;
  saasId: number;
  mchId: number;
  mscType: number;
  userGrade?: number;
  saasLogo?: string;
  companyName?: string;
  mchName?: string;
  saasExpireDate?: number;
}

/** What the shell knows once logged in: the user, the tenant/merchant info, the permissions. */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: UserInfo | null;
  /** Tenant info (mchId 0) or merchant info (mchId != 0), as loaded after login. */
  org: Record<string, unknown> | null;
  /** Permission codes the user holds (`/saas/...:GET`), with their application ids. */
  permissions: { permCode: string; appId: number }[] | null;
}

const TOKEN = 'token';
const REFRESH = 'refreshToken';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let state: SessionState = {
  token: storage()?.getItem(TOKEN) ?? null,
  refreshToken: storage()?.getItem(REFRESH) ?? null,
  user: null,
  org: null,
  permissions: null,
};
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  token: () => state.token,
  refreshToken: () => state.refreshToken,
  setTokens(token: string, refreshToken?: string | null) {
    storage()?.setItem(TOKEN, token);
    if (refreshToken !== undefined && refreshToken !== null) {
      storage()?.setItem(REFRESH, refreshToken);
    }
    set({ token, refreshToken: refreshToken ?? state.refreshToken });
  },
  setUser(user: UserInfo, org: Record<string, unknown> | null) {
    set({ user, org });
  },
  setPermissions(permissions: { permCode: string; appId: number }[]) {
    set({ permissions });
  },
  clear() {
    storage()?.removeItem(TOKEN);
    storage()?.removeItem(REFRESH);
    set({ token: null, refreshToken: null, user: null, org: null, permissions: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
