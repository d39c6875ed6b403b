// The tenant's own notices, newest first: saas-main GET /saas/noticeManager/notice/list.
import { useCallback } from 'react';
import { api, dateTime, DataTable, type Column, type Page, ListPage, Clip, SelectFilter, TextFilter, useEnumLabel, useFilters } from '@tradewind/shared';
import { NOTICE_STATE } from '../../enums';

/** `Notice` of saas-main. */
export interface NoticeRow {
  id: number;
  /** 0 for the platform's notices. */
  saasId: number;
  title: string;
  content: string;
  state: number;
  publishedAt: number | null;
  createDate: number;
  modifyDate: number;
}

const EMPTY = { title: '', state: '' };
const F = 'base.notices.fields';

export default function NoticeList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<NoticeRow>>('saas-main', '/saas/noticeManager/notice/list', {
        query: { page, resultNum: size, title: applied.title.trim(), state: applied.state },
      }),
    [applied],
  );
  const columns: Column<NoticeRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'title', title: `${F}.title`, render: (r) => <Clip text={r.title} width={240} /> },
    { key: 'content', title: `${F}.content`, render: (r) => <Clip text={r.content} width={320} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(NOTICE_STATE, r.state) },
    { key: 'publishedAt', title: `${F}.publishedAt`, render: (r) => dateTime(r.publishedAt) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  return (
    <ListPage
      title="base.notices.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.title`} value={f.draft.title} onChange={(v) => f.set('title', v)} testId="notices-title" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={NOTICE_STATE} testId="notices-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-notices-table" />
    </ListPage>
  );
}
