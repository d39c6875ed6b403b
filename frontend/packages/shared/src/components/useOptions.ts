// Choices of a form's select box loaded from a service (merchants, groups, the permission
// catalogue, zones). A failure leaves the box empty: the API client has already said why.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { endpointOf, PERM } from '../constants';
import type { Option } from './form';
import { useHolds } from './perm';

/**
 * What `load` answers, asked again only when `key` changes, and whether it has answered: `data`
 * is null while loading, after a failure (the API client has said why) and while `load` is null
 * (nothing to ask). A read-only page shows a progress bar until `done`.
 */
export function useLoadState<T>(load: (() => Promise<T>) | null, key: string): { data: T | null; done: boolean } {
  const [state, setState] = useState<{ key: string; data: T | null } | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      () => live && setState({ key, data: null }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` asks for; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const answered = load !== null && state?.key === key;
  return { data: answered ? state.data : null, done: answered };
}

/** What `load` answers (see `useLoadState`), `none` until then and after a failure. */
export function useLoaded<T>(load: (() => Promise<T>) | null, key: string, none: T): T {
  return useLoadState(load, key).data ?? none;
}

const NONE: Option[] = [];

export function useOptions(load: (() => Promise<Option[]>) | null, key: string): Option[] {
  return useLoaded(load, key, NONE);
}

/** `Choice` of saas-main's `loadForSelect`. */
interface Choice {
  id: number;
  name: string;
}

/**
 * The tenant's suppliers or distributors by name (saas-main GET
 * /saas/merchant/{supplier,distributor}Infos/loadForSelect), for the selects that pick a merchant
 * instead of a typed id; asked only by a user holding the code, and not at all while `wanted` is
 * false (a closed dialog, a merchant's own user).
 */
export function useMerchantOptions(kind: 'distributor' | 'supplier', wanted = true): Option[] {
  const code = PERM[kind].select;
  const holds = useHolds(code);
  return useOptions(
    holds && wanted ? () => api.get<Choice[]>('saas-main', endpointOf(code)).then((rs) => rs.map((r) => ({ value: String(r.id), text: r.name }))) : null,
    holds && wanted ? kind : '',
  );
}

/**
 * `options` with the value already chosen kept in them while it is not listed (the list not
 * loaded yet, or a record naming something the list leaves out), shown as `text`.
 */
export function keepChosen(options: Option[], value: string, text: string): Option[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [...options, { value, text }];
}
