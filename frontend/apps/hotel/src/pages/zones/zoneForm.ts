// The zone form (the tenant's staff add and change zones: hotel-app's ZoneFields in
// domain/hotel.rs): its values as typed, its rules, the body, and the parents a zone may hang
// under. An update replaces every field, so the form holds them all; the geohash is the
// service's to compute from the centre and is never sent.
import { rules, type HotelAppApi, type Option, type Rule } from '@tradewind/shared';
import type { IntlShape } from 'react-intl';
import type { ZoneNode } from '../choices';

/** `Zone` of hotel-app, as its list answers it. */
export type ZoneRow = HotelAppApi['schemas']['Zone'];

/** Zones nest at most this many levels, counting a moved zone's own sub-zones (store/zones.rs MAX_DEPTH). */
export const MAX_DEPTH = 10;

export type ZoneFormValues = {
  name: string;
  /** '0': a top-level zone. */
  parentId: string;
  /** `CN`, `CN-ZJ`, `CN-ZJ-HZ` or '' (the area picker). */
  areaId: string;
  /** The centre as `longitude,latitude`, or ''. */
  geoLng: string;
  state: string;
};

export const emptyZoneForm = (parentId = 0): ZoneFormValues => ({ name: '', parentId: String(parentId), areaId: '', geoLng: '', state: '1' });

export function zoneFormOf(z: ZoneRow): ZoneFormValues {
  return { name: z.name, parentId: String(z.parentId), areaId: z.areaId ?? '', geoLng: z.geoLng ?? '', state: String(z.state) };
}

/** `longitude,latitude` with both in range, as the service parses `geoLng`; null when it is not. */
export function parseGeoLng(value: string): [number, number] | null {
  const parts = value.split(',');
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) return null;
  const [lng, lat] = parts.map((p) => Number(p.trim()));
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return [lng, lat];
}

const Z = 'hotel.zoneForm.fields';

export const zoneRules: Partial<Record<keyof ZoneFormValues, Rule<ZoneFormValues>>> = {
  name: rules.all(rules.required('name', `${Z}.name`), rules.length('name', 1, 64)),
  geoLng: rules.pattern('geoLng', (s) => parseGeoLng(s) !== null, 'hotel.zoneForm.rules.geoLng'),
};

/** The zone's fields as hotel-app takes them (`update` adds the zone's `id`). */
export function zoneBody(v: ZoneFormValues): HotelAppApi['schemas']['ZoneFields'] {
  return { name: v.name.trim(), parentId: Number(v.parentId || 0), areaId: v.areaId, geoLng: v.geoLng.trim(), state: Number(v.state) };
}

/** Where each zone of the tree stands: its path of names from the top, its level (1 for a top-level zone), and how many levels its subtree has (itself included). */
export interface ZonePlace {
  zone: ZoneNode;
  path: string[];
  depth: number;
  height: number;
  /** Itself and every zone below it. */
  subtree: Set<number>;
}

export function placesOf(tree: ZoneNode[]): Map<number, ZonePlace> {
  const out = new Map<number, ZonePlace>();
  const walk = (z: ZoneNode, path: string[]): ZonePlace => {
    const here = [...path, z.name];
    const place: ZonePlace = { zone: z, path: here, depth: here.length, height: 1, subtree: new Set([z.id]) };
    out.set(z.id, place);
    for (const c of z.children ?? []) {
      const child = walk(c, here);
      place.height = Math.max(place.height, child.height + 1);
      for (const id of child.subtree) place.subtree.add(id);
    }
    return place;
  };
  for (const z of tree) walk(z, []);
  return out;
}

/**
 * The zones `zone` (0: a new one) may hang under, by path, parents before their children: not
 * itself nor one of its sub-zones, and none so deep that the zone's subtree would pass
 * `MAX_DEPTH`. A disabled zone is offered (the service allows it) and says so.
 */
export function parentOptions(tree: ZoneNode[], places: Map<number, ZonePlace>, zone: number, intl: IntlShape): Option[] {
  const own = places.get(zone);
  const height = own?.height ?? 1;
  const out: Option[] = [{ value: '0', text: intl.formatMessage({ id: 'hotel.zoneForm.topLevel' }) }];
  const walk = (nodes: ZoneNode[]) => {
    for (const z of nodes) {
      if (own?.subtree.has(z.id)) continue;
      const place = places.get(z.id);
      if (!place) continue;
      if (place.depth + height <= MAX_DEPTH) {
        const path = place.path.join(' / ');
        out.push({ value: String(z.id), text: z.state === 1 ? path : intl.formatMessage({ id: 'hotel.zoneForm.disabledZone' }, { path }) });
      }
      walk(z.children ?? []);
    }
  };
  walk(tree);
  return out;
}
