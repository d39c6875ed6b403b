// What the hotel forms and filters pick from instead of typed ids: the tenant's distributors and
// suppliers (saas-main GET /saas/merchant/{distributor,supplier}Infos/loadForSelect) and the tenant's zones
// (GET /saas/hotel/zones/tree). Each is asked only by a user holding its code: the others would
// get a 403 for a list they cannot use anyway.
import { api, PERM, useHolds, useLoaded, useMerchantOptions, type Option } from '@tradewind/shared';

/** `ZoneNode` of hotel-app: a zone with its sub-zones. */
export interface ZoneNode {
  id: number;
  parentId: number;
  name: string;
  /** 1 normal, 0 disabled. */
  state: number;
  children: ZoneNode[];
}

/** The tenant's distributors by name; `wanted` false asks nothing (a closed dialog). */
export function useDistributorOptions(wanted = true): Option[] {
  return useMerchantOptions('distributor', wanted);
}

/** The tenant's suppliers by name (the staff naming a product's supplier). */
export function useSupplierOptions(wanted = true): Option[] {
  return useMerchantOptions('supplier', wanted);
}

const NO_ZONES: ZoneNode[] = [];

/** The tenant's zone tree, empty until loaded (or without the code). */
export function useZoneTree(wanted = true): ZoneNode[] {
  const holds = useHolds(PERM.zone.tree);
  return useLoaded(holds && wanted ? () => api.get<ZoneNode[]>('hotel-app', '/saas/hotel/zones/tree') : null, holds && wanted ? 'zones' : '', NO_ZONES);
}

/**
 * Every normal zone under its path ("Hainan / Sanya"), parents before their children, so nested
 * zones of the same name stay apart. A disabled zone is left out unless it is `current` (a
 * record placed there before it was disabled still shows where it is).
 */
export function zoneOptions(tree: ZoneNode[], current = ''): Option[] {
  const out: Option[] = [];
  const walk = (nodes: ZoneNode[], path: string[]) => {
    for (const z of nodes) {
      const here = [...path, z.name];
      if (z.state === 1 || String(z.id) === current) out.push({ value: String(z.id), text: here.join(' / ') });
      walk(z.children ?? [], here);
    }
  };
  walk(tree, []);
  return out;
}
