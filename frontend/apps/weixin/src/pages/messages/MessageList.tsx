// `mp/message/list`: the template messages of an official account (weixin-server GET
// /saas/mp/message/list): to whom, which template and notification, sent with WeChat's msgid or
// why not (pending a retry, or dead).
import { useCallback } from 'react';
import {
  api,
  DataTable,
  dateTime,
  ListPage,
  NOTIFY_TYPE,
  SelectFilter,
  useEnumLabel,
  useFilters,
  type Column,
  type Page,
} from '@tradewind/shared';
import { useAccounts } from '../../accounts';
import { MESSAGE_STATE } from '../../enums';
import type { MessageRow } from '../../types';

const EMPTY = { configId: '', state: '', notifyType: '' };
const F = 'weixin.messages.fields';

export default function MessageList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const accounts = useAccounts();
  const configId = f.applied.configId || accounts[0]?.value || '';
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number): Promise<Page<MessageRow>> =>
      configId
        ? api.get<Page<MessageRow>>('weixin-server', '/saas/mp/message/list', {
            query: { configId, page, resultNum: size, state: applied.state, notifyType: applied.notifyType },
          })
        : Promise.resolve({ results: [], sizeAll: 0, page: 1, resultNum: size, pageCount: 0, startIndex: 0, size: 0 }),
    [applied, configId],
  );
  const columns: Column<MessageRow>[] = [
    { key: 'createDate', title: `${F}.createDate`, width: 150, render: (r) => dateTime(r.createDate) },
    { key: 'notifyType', title: `${F}.notifyType`, width: 130, render: (r) => label(NOTIFY_TYPE, r.notifyType) },
    { key: 'refId', title: `${F}.refId`, width: 120 },
    { key: 'userId', title: `${F}.userId`, width: 80 },
    { key: 'openId', title: `${F}.openId` },
    { key: 'templateId', title: `${F}.templateId` },
    { key: 'state', title: `${F}.state`, width: 80, render: (r) => label(MESSAGE_STATE, r.state) },
    { key: 'attempts', title: `${F}.attempts`, width: 70 },
    { key: 'result', title: `${F}.result`, render: (r) => (r.state === 1 ? `msgid ${r.msgId}` : r.lastError) },
    { key: 'sendDate', title: `${F}.sendDate`, width: 150, render: (r) => (r.sendDate ? dateTime(r.sendDate) : '') },
  ];
  return (
    <ListPage
      title="weixin.messages.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <SelectFilter label="weixin.account" value={configId} onChange={(v) => f.set('configId', v)} options={accounts} noAll width={220} testId="messages-account" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={MESSAGE_STATE} testId="messages-state" />
          <SelectFilter label={`${F}.notifyType`} value={f.draft.notifyType} onChange={(v) => f.set('notifyType', v)} enumeration={NOTIFY_TYPE} testId="messages-type" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={`${f.generation}-${configId}`} rowKey={(r) => r.messageId} testId="messages-table" />
    </ListPage>
  );
}
