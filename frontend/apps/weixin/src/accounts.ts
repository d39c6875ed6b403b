// The tenant's official accounts as choices of a page's account box (followers, messages).
import { api, useOptions, type Option, type Page } from '@tradewind/shared';
import type { ConfigRow } from './types';

export function useAccounts(): Option[] {
  return useOptions(
    () =>
      api
        .get<Page<ConfigRow>>('weixin-server', '/saas/mp/config/list', { query: { page: 1, resultNum: 500 } })
        .then((p) => p.results.map((c) => ({ value: String(c.configId), text: `${c.name} (${c.appId})` }))),
    'mp-accounts',
  );
}
