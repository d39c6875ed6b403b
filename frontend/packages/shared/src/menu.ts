// Route trees of the applications and the menus built from them: a remote exposes its routes
// with their menu metadata; the shell keeps what the user's permission codes allow.
import type { ComponentType } from 'react';
import { MscType } from './constants';

export interface RouteMeta {
  /** Message id of the title (menu, breadcrumb, tab). */
  title: string;
  icon?: string;
  /** Position among siblings; 999 when absent. */
  order?: number;
  /** Never in the menu (a detail page reached from a list). */
  hidden?: boolean;
  /** Not kept alive when its tab is left. */
  noCache?: boolean;
  /** Shown whatever the permissions. */
  ignore?: boolean;
  /** Its children are sorted by their order. */
  needSort?: boolean;
  /** The permission code the page needs (`/saas/...:GET`). */
  perm?: string;
  /** Hidden from these user types (mscType). */
  hiddenFor?: number[];
  /** Only for the tenant's staff (mchId 0), or only for a merchant's users. */
  scope?: 'tenant' | 'merchant';
}

export interface AppRoute {
  /** Relative to the parent (`boss/service/list`). */
  path: string;
  meta: RouteMeta;
  /** The page, loaded when first opened. */
  page?: () => Promise<{ default: ComponentType }>;
  children?: AppRoute[];
}

/** What a remote exposes as `./routes`. */
export interface RemoteRoutes {
  /** The application's root path without the slash (`saas-app`): its `appName`. */
  app: string;
  routes: AppRoute[];
  messages: { 'zh-CN': Record<string, string>; en: Record<string, string> };
}

export interface Viewer {
  mscType: number;
  mchId: number;
  /** Permission codes held. */
  codes: Set<string>;
}

export interface MenuItem {
  /** Absolute path (`/saas-app/boss/service/list`). */
  path: string;
  title: string;
  icon?: string;
  children: MenuItem[];
}

const order = (r: AppRoute) => r.meta.order ?? 999;

function join(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`.replace(/\/$/, '') || '/';
}

/** Whether the viewer may open a route: type and scope rules, then its code (or ignore). */
export function mayOpen(r: AppRoute, v: Viewer): boolean {
  const m = r.meta;
  if (m.hiddenFor?.includes(v.mscType)) return false;
  if (m.scope === 'tenant' && v.mchId !== 0) return false;
  if (m.scope === 'merchant' && v.mchId === 0) return false;
  if (m.ignore) return true;
  if (!m.perm) return !r.page;
  return v.codes.has(m.perm);
}

/** The menu of an application: permitted, not hidden, parents without children dropped, by order. */
export function buildMenu(routes: AppRoute[], base: string, v: Viewer): MenuItem[] {
  const out: { item: MenuItem; order: number }[] = [];
  for (const r of routes) {
    if (r.meta.hidden || !mayOpen(r, v)) continue;
    const path = join(base, r.path);
    const children = r.children ? buildMenu(r.children, path, v) : [];
    if (r.children && children.length === 0 && !r.page) continue;
    if (!r.children && !r.page) continue;
    out.push({ item: { path, title: r.meta.title, icon: r.meta.icon, children }, order: order(r) });
  }
  return out.sort((a, b) => a.order - b.order).map((o) => o.item);
}

/** Every page the viewer may open (hidden ones too), flattened, with absolute paths. */
export function openablePages(routes: AppRoute[], base: string, v: Viewer): { path: string; route: AppRoute; trail: string[] }[] {
  const out: { path: string; route: AppRoute; trail: string[] }[] = [];
  const walk = (rs: AppRoute[], b: string, trail: string[]) => {
    for (const r of rs) {
      if (!mayOpen(r, v)) continue;
      const path = join(b, r.path);
      const t = [...trail, r.meta.title];
      if (r.page) out.push({ path, route: r, trail: t });
      if (r.children) walk(r.children, path, t);
    }
  };
  walk(routes, base, []);
  return out;
}

/** An application as `loadAppList` answers it. */
export interface AppEntry {
  appId: number;
  appName: string;
  appRegName: string;
  displayStatus: number;
  sort: number;
}

/** The top menu: applications shown (displayStatus 2; ticket always; weixin too for mscType 300), by sort. */
export function topMenu(apps: AppEntry[], mscType: number): AppEntry[] {
  const shown = (a: AppEntry) => {
    if (a.appName === 'saas-ticket-app') return true;
    if (a.appName === 'common-weixin-server' && mscType === MscType.OperatorUser) return true;
    return a.displayStatus === 2;
  };
  return apps.filter(shown).sort((a, b) => a.sort - b.sort);
}
