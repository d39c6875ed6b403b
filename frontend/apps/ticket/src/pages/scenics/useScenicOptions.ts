// The scenic spots a user picks from (a product's spot, a gate's spot): GET
// /saas/product/scenicProducts/listForScenic, a supplier's cooperating ones, every normal one for
// the tenant's staff; asked only while `open`.
import { api, useOptions, type Option, type Page } from '@tradewind/shared';
import type { ScenicForProduct } from './types';

/** `stateScenicSupplier` cooperating. */
const COOPERATING = 1;

/** The spots to pick from: a supplier's cooperating ones, every normal one for the staff. */
export function useScenicOptions(open: boolean, staff: boolean): Option[] {
  return useOptions(
    open
      ? () =>
          api
            .get<Page<ScenicForProduct>>('ticket-app', '/saas/product/scenicProducts/listForScenic', {
              query: { page: 1, resultNum: 500, supplierState: staff ? undefined : COOPERATING },
            })
            .then((p) => p.results.map((s) => ({ value: String(s.scenicId), text: s.scenicName })))
      : null,
    open ? `scenics-${staff}` : '',
  );
}

