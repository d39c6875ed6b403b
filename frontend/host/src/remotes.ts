// The applications' route trees, loaded from their remotes when the shell starts. A remote
// that fails to load leaves its application out (with the error kept for the error panel)
// instead of breaking the shell.
import type { RemoteRoutes } from '@tradewind/shared';

export interface LoadedRemotes {
  byApp: Record<string, RemoteRoutes>;
  failed: { app: string; error: string }[];
}

const LOADERS: { app: string; load: () => Promise<{ default: RemoteRoutes }> }[] = [
  { app: 'saas-app', load: () => import('base/routes') },
  { app: 'saas-hotel-app', load: () => import('hotel/routes') },
  { app: 'saas-ticket-app', load: () => import('ticket/routes') },
  { app: 'common-weixin-server', load: () => import('weixin/routes') },
  { app: 'saas-mall-app', load: () => import('mall/routes') },
];

/** A remote that has not answered by then is left out (and named), so the shell never waits
 * for ever on one server. */
export const REMOTE_TIMEOUT_MS = 15_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

let loaded: Promise<LoadedRemotes> | null = null;

export function loadRemotes(): Promise<LoadedRemotes> {
  if (!loaded) {
    loaded = (async () => {
      const out: LoadedRemotes = { byApp: {}, failed: [] };
      const results = await Promise.allSettled(LOADERS.map((l) => withTimeout(l.load(), REMOTE_TIMEOUT_MS)));
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') out.byApp[r.value.default.app] = r.value.default;
        else out.failed.push({ app: LOADERS[i].app, error: String(r.reason) });
      });
      return out;
    })();
  }
  return loaded;
}
