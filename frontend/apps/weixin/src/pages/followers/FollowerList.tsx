// `mp/user/list`: the followers of an official account (weixin-server GET /saas/mp/user/list) by
// nickname, subscription and whether a staff user is bound; Sync brings them up to date with
// WeChat's list (POST /saas/mp/user/sync).
import { useCallback, useState } from 'react';
import { Button } from '@mui/material';
import {
  api,
  DataTable,
  dateTime,
  ListPage,
  notify,
  PERM,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccounts } from '../../accounts';
import { BOUND, SUBSCRIBED } from '../../enums';
import type { FollowerRow } from '../../types';
import { boundUser } from './boundUser';

const EMPTY = { configId: '', nickname: '', subscribe: '', bound: '' };
const F = 'weixin.followers.fields';

export default function FollowerList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const accounts = useAccounts();
  const maySync = useHolds(PERM.mpUser.sync);
  const [syncing, setSyncing] = useState(false);
  const configId = f.applied.configId || accounts[0]?.value || '';
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number): Promise<Page<FollowerRow>> =>
      configId
        ? api.get<Page<FollowerRow>>('weixin-server', '/saas/mp/user/list', {
            query: { configId, page, resultNum: size, nickname: applied.nickname.trim(), subscribe: applied.subscribe, bound: applied.bound },
          })
        : Promise.resolve({ results: [], sizeAll: 0, page: 1, resultNum: size, pageCount: 0, startIndex: 0, size: 0 }),
    [applied, configId],
  );
  const sync = () => {
    if (!configId || syncing) return;
    setSyncing(true);
    api
      .post<{ total: number; added: number; unsubscribed: number }>('weixin-server', '/saas/mp/user/sync', undefined, { query: { configId } })
      .then((r) => {
        notify('success', intl.formatMessage({ id: 'weixin.followers.synced' }, r), 3000);
        f.refresh();
      })
      .catch(() => undefined)
      .finally(() => setSyncing(false));
  };
  const columns: Column<FollowerRow>[] = [
    { key: 'nickname', title: `${F}.nickname` },
    { key: 'openId', title: `${F}.openId` },
    { key: 'subscribed', title: `${F}.subscribed`, width: 90, render: (r) => label(SUBSCRIBED, r.subscribed ? 1 : 0) },
    { key: 'subscribeTime', title: `${F}.subscribeTime`, width: 150, render: (r) => (r.subscribeTime ? dateTime(r.subscribeTime * 1000) : '') },
    { key: 'boundUserId', title: `${F}.boundUserId`, width: 110, render: boundUser },
    { key: 'modifyDate', title: `${F}.modifyDate`, width: 150, render: (r) => dateTime(r.modifyDate) },
  ];
  return (
    <ListPage
      title="weixin.followers.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={
        maySync && (
          <Button variant="outlined" onClick={sync} disabled={!configId || syncing} data-testid="followers-sync">
            <FormattedMessage id="weixin.followers.sync" />
          </Button>
        )
      }
      filters={
        <>
          <SelectFilter label="weixin.account" value={configId} onChange={(v) => f.set('configId', v)} options={accounts} noAll width={220} testId="followers-account" />
          <TextFilter label={`${F}.nickname`} value={f.draft.nickname} onChange={(v) => f.set('nickname', v)} testId="followers-nickname" />
          <SelectFilter label={`${F}.subscribed`} value={f.draft.subscribe} onChange={(v) => f.set('subscribe', v)} enumeration={SUBSCRIBED} testId="followers-subscribed" />
          <SelectFilter label={`${F}.bound`} value={f.draft.bound} onChange={(v) => f.set('bound', v)} enumeration={BOUND} testId="followers-bound" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={`${f.generation}-${configId}`} rowKey={(r) => r.openId} testId="followers-table" />
    </ListPage>
  );
}
