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
  /**
   * The template of a menu built from the tenant's interface configurations: it stands for one
   * entry per configured interface of this product type (10 hotel, 20 ticket) and type (1
   * vendor, 2 channel), each at its path followed by the interface id (`expandInterfaces`).
   */
  interfaces?: { productType: number; type: number };
  /** A title that is already text (an interface's name), shown instead of the message `title`. */
  label?: string;
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
  /** Text shown instead of the message `title` (see `RouteMeta.label`). */
  label?: string;
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
  // An interface template not expanded (`expandInterfaces`) stands for no page of its own.
  if (m.interfaces) return false;
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
    out.push({ item: { path, title: r.meta.title, label: r.meta.label, icon: r.meta.icon, children }, order: order(r) });
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

/** An enabled interface configuration as saas-main's `interfaceConfig/listForSelect` answers it. */
export interface InterfaceChoice {
  id: number;
  interfaceId: number;
  /** The catalogue's code: meituan, alitrip, tongcheng, qunar, elong, api ... */
  interfaceName: string;
  /** The interface's name in the user's language. */
  title: string;
  mchId: number;
  configName: string;
  productType: number;
  type: number;
}

/** The icons of interface menu entries: one per named channel, `API` for every other. */
export type InterfaceIcon = 'meituan' | 'alitrip' | 'tongcheng' | 'qunar' | 'elong' | 'API';

/** The icon of an interface by its name (meituanGlobal is Meituan's, alitripGlobal Alitrip's). */
export function interfaceIcon(interfaceName: string): InterfaceIcon {
  const known: InterfaceIcon[] = ['meituan', 'alitrip', 'tongcheng', 'qunar', 'elong'];
  return known.find((k) => interfaceName.startsWith(k)) ?? 'API';
}

/** The `icon` of a route made for an interface (the sidebar draws these itself). */
export const INTERFACE_ICON_PREFIX = 'interface:';

/**
 * The route trees with each interface template (`meta.interfaces`) replaced by one route per
 * configured interface of its product type and type, in the order first configured: path
 * `<template path><interfaceId>`, the interface's name as label, its icon by name. A template
 * with no configured interface leaves nothing, so an empty menu group disappears.
 */
export function expandInterfaces(routes: AppRoute[], configs: InterfaceChoice[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    const want = r.meta.interfaces;
    if (!want) {
      out.push(r.children ? { ...r, children: expandInterfaces(r.children, configs) } : r);
      continue;
    }
    const seen = new Set<number>();
    const base = r.meta.order ?? 999;
    for (const c of configs) {
      if (c.productType !== want.productType || c.type !== want.type || seen.has(c.interfaceId)) continue;
      seen.add(c.interfaceId);
      out.push({
        ...r,
        path: `${r.path}${c.interfaceId}`,
        meta: { ...r.meta, interfaces: undefined, label: c.title, icon: `${INTERFACE_ICON_PREFIX}${interfaceIcon(c.interfaceName)}`, order: base + seen.size / 1000 },
      });
    }
  }
  return out;
}

/** The interface id at the end of an interface page's path (`.../listForSelect1001` -> 1001). */
export function interfaceIdOf(pathname: string): number | null {
  const m = /(\d+)$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/** Said on the window when a page changed the tenant's interface configurations (menus reload). */
export const INTERFACES_CHANGED = 'tradewind:interfaces-changed';

export function announceInterfacesChanged(): void {
  window.dispatchEvent(new Event(INTERFACES_CHANGED));
}
