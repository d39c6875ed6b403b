// The tenant's official accounts (followers, messages) or mini-programs (their users) as choices
// of a page's account box.
import { api, useOptions, type Option, type Page } from '@tradewind/shared';
import type { ConfigRow, Kind } from './types';

export function useAccounts(kind: Kind = 'mp'): Option[] {
  return useOptions(
    () =>
      api
        .get<Page<ConfigRow>>('weixin-server', `/saas/${kind}/config/list`, { query: { page: 1, resultNum: 500 } })
        .then((p) => p.results.map((c) => ({ value: String(c.configId), text: `${c.name} (${c.appId})` }))),
    `${kind}-accounts`,
  );
}
