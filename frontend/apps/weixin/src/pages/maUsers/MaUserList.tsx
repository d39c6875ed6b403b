// `ma/user/list`: the users of a mini-program (weixin-server GET /saas/ma/user/list), made when
// they log in to it (the mini-program sends weixin-server the code of wx.login, which WeChat
// exchanges: docs/weixin.md). Filters: part of the OpenID or UnionID, with or without a
// UnionID, and the days of the last login.
import { useCallback } from 'react';
import { Alert } from '@mui/material';
import {
  api,
  DataTable,
  DateFilter,
  dateTime,
  ListPage,
  SelectFilter,
  TextFilter,
  useFilters,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useAccounts } from '../../accounts';
import { HAS_UNION_ID } from '../../enums';
import type { MaUserRow } from '../../types';
import { loginWindow } from './loginWindow';

const EMPTY = { configId: '', keyword: '', hasUnionId: '', loginFrom: '', loginTo: '' };
const F = 'weixin.maUsers.fields';

export default function MaUserList() {
  const f = useFilters(EMPTY);
  const programs = useAccounts('ma');
  const configId = f.applied.configId || programs[0]?.value || '';
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number): Promise<Page<MaUserRow>> =>
      configId
        ? api.get<Page<MaUserRow>>('weixin-server', '/saas/ma/user/list', {
            query: {
              configId,
              page,
              resultNum: size,
              keyword: applied.keyword.trim(),
              hasUnionId: applied.hasUnionId,
              ...loginWindow(applied.loginFrom, applied.loginTo),
            },
          })
        : Promise.resolve({ results: [], sizeAll: 0, page: 1, resultNum: size, pageCount: 0, startIndex: 0, size: 0 }),
    [applied, configId],
  );
  const columns: Column<MaUserRow>[] = [
    { key: 'openId', title: `${F}.openId` },
    { key: 'unionId', title: `${F}.unionId`, render: (r) => r.unionId || '—' },
    { key: 'loginCount', title: `${F}.loginCount`, width: 90 },
    { key: 'createDate', title: `${F}.createDate`, width: 150, render: (r) => dateTime(r.createDate) },
    { key: 'lastLoginDate', title: `${F}.lastLoginDate`, width: 150, render: (r) => dateTime(r.lastLoginDate) },
  ];
  return (
    <ListPage
      title="weixin.maUsers.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label="weixin.maUsers.account" value={configId} onChange={(v) => f.set('configId', v)} options={programs} noAll width={200} testId="ma-users-program" />
          <TextFilter label="weixin.maUsers.keyword" value={f.draft.keyword} onChange={(v) => f.set('keyword', v)} width={170} testId="ma-users-keyword" />
          <SelectFilter label={`${F}.hasUnionId`} value={f.draft.hasUnionId} onChange={(v) => f.set('hasUnionId', v)} enumeration={HAS_UNION_ID} width={140} testId="ma-users-union" />
          <DateFilter label="weixin.maUsers.loginFrom" value={f.draft.loginFrom} onChange={(v) => f.set('loginFrom', v)} width={150} testId="ma-users-from" />
          <DateFilter label="weixin.maUsers.loginTo" value={f.draft.loginTo} onChange={(v) => f.set('loginTo', v)} width={150} testId="ma-users-to" />
        </>
      }
    >
      {programs.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="ma-users-none">
          <FormattedMessage id="weixin.maUsers.none" />
        </Alert>
      )}
      <DataTable columns={columns} load={load} reloadKey={`${f.generation}-${configId}`} rowKey={(r) => String(r.maUserId)} testId="ma-users-table" />
    </ListPage>
  );
}
