// A session's purchase limit as one line: "Per customer: 2 (user)", "Per order: 3", "No limit".
import { useEnumLabel } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { LIMIT_GOODS, LIMIT_TARGET } from '../../enums';
import type { SessionRow } from '../../types';

export function useLimitText(): (s: SessionRow) => string {
  const intl = useIntl();
  const label = useEnumLabel();
  return (s) => {
    const kind = label(LIMIT_GOODS, s.typeLimitGoods);
    if (s.typeLimitGoods === 0) return kind;
    if (s.typeLimitTarget === -1) return intl.formatMessage({ id: 'mall.sessions.limitOrder' }, { kind, n: s.limitNum });
    return intl.formatMessage({ id: 'mall.sessions.limit' }, { kind, n: s.limitNum, target: label(LIMIT_TARGET, s.typeLimitTarget) });
  };
}
