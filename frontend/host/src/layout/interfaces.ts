// The tenant's enabled interface configurations, from which the hotel and ticket applications'
// channel and vendor menus are built (saas-main GET /saas/saasInterface/interfaceConfig/
// listForSelect): asked once a user is signed in with the code, and again whenever a page says
// the configurations changed (`announceInterfacesChanged`). A failure leaves the menus without
// interface entries; the API client has said why.
import { useEffect, useState } from 'react';
import { api, endpointOf, INTERFACES_CHANGED, PERM, type InterfaceChoice, type Viewer } from '@tradewind/shared';

const NONE: InterfaceChoice[] = [];

export function useInterfaceChoices(viewer: Viewer | null): InterfaceChoice[] {
  const [choices, setChoices] = useState<InterfaceChoice[]>(NONE);
  const allowed = viewer?.codes.has(PERM.interfaceConfig.select) ?? false;
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    const load = () =>
      api.get<InterfaceChoice[]>('saas-main', endpointOf(PERM.interfaceConfig.select)).then(
        (rows) => live && setChoices(rows),
        () => live && setChoices(NONE),
      );
    void load();
    window.addEventListener(INTERFACES_CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(INTERFACES_CHANGED, load);
    };
  }, [allowed]);
  return allowed ? choices : NONE;
}
