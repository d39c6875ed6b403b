// The menus of the signed-in user: applications (top) and each application's sidebar, from the
// remotes' route trees and the permission codes.
import { buildMenu, expandInterfaces, MscType, openablePages, type AppEntry, type AppRoute, type InterfaceChoice, type MenuItem, type Viewer } from '@tradewind/shared';
import type { LoadedRemotes } from '../remotes';

export interface PageEntry {
  path: string;
  route: AppRoute;
  /** Message ids from the application down to the page (the breadcrumb). */
  trail: string[];
  app: string;
}

/**
 * The menus of each application; the interface templates (`meta.interfaces`) expanded into one
 * entry per configured interface of `interfaces`.
 */
export function menusFor(remotes: LoadedRemotes, viewer: Viewer, interfaces: InterfaceChoice[] = []): Record<string, MenuItem[]> {
  const out: Record<string, MenuItem[]> = {};
  for (const [app, r] of Object.entries(remotes.byApp)) {
    out[app] = buildMenu(expandInterfaces(r.routes, interfaces), `/${app}`, viewer);
  }
  return out;
}

export function pagesFor(remotes: LoadedRemotes, viewer: Viewer | null, interfaces: InterfaceChoice[] = []): PageEntry[] {
  const out: PageEntry[] = [];
  for (const [app, r] of Object.entries(remotes.byApp)) {
    const all = viewer ?? { codes: new Set<string>(), mscType: MscType.Anonymous, mchId: 0 };
    for (const p of openablePages(expandInterfaces(r.routes, interfaces), `/${app}`, all)) out.push({ ...p, app });
  }
  return out;
}

/** Every page of the trees whatever the permissions (to tell 403 from 404). */
export function allPages(remotes: LoadedRemotes): PageEntry[] {
  const out: PageEntry[] = [];
  const walk = (routes: AppRoute[], base: string, app: string, trail: string[]) => {
    for (const r of routes) {
      const path = `${base}/${r.path}`;
      const t = [...trail, r.meta.title];
      if (r.page) out.push({ path, route: r, trail: t, app });
      if (r.children) walk(r.children, path, app, t);
    }
  };
  for (const [app, r] of Object.entries(remotes.byApp)) walk(r.routes, `/${app}`, app, []);
  return out;
}

/** The application a path belongs to (`/saas-hotel-app/...` -> `saas-hotel-app`). */
export function appOf(path: string): string | null {
  const first = path.split('/').filter(Boolean)[0];
  return first ?? null;
}

export type { AppEntry };
