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

let loaded: Promise<LoadedRemotes> | null = null;

export function loadRemotes(): Promise<LoadedRemotes> {
  if (!loaded) {
    loaded = (async () => {
      const out: LoadedRemotes = { byApp: {}, failed: [] };
      const results = await Promise.allSettled(LOADERS.map((l) => l.load()));
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') out.byApp[r.value.default.app] = r.value.default;
        else out.failed.push({ app: LOADERS[i].app, error: String(r.reason) });
      });
      return out;
    })();
  }
  return loaded;
}
