// Choices of a form's select box loaded from a service (merchants, groups, the permission
// catalogue). A failure leaves the box empty: the API client has already said why.
import { useEffect, useState } from 'react';
import type { Option } from '@tradewind/shared';

export function useOptions(load: (() => Promise<Option[]>) | null, key: string): Option[] {
  const [state, setState] = useState<{ key: string; options: Option[] }>({ key: '', options: [] });
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (options) => live && setState({ key, options }),
      () => live && setState({ key, options: [] }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` asks for; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return load && state.key === key ? state.options : [];
}
