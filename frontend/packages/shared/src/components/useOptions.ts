// Choices of a form's select box loaded from a service (merchants, groups, the permission
// catalogue, zones). A failure leaves the box empty: the API client has already said why.
import { useEffect, useState } from 'react';
import type { Option } from './form';

/**
 * What `load` answers, asked again only when `key` changes; `none` until it has answered, after
 * a failure and while `load` is null (nothing to ask).
 */
export function useLoaded<T>(load: (() => Promise<T>) | null, key: string, none: T): T {
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (value) => live && setState({ key, value }),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` asks for; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return load && state?.key === key ? state.value : none;
}

const NONE: Option[] = [];

export function useOptions(load: (() => Promise<Option[]>) | null, key: string): Option[] {
  return useLoaded(load, key, NONE);
}
