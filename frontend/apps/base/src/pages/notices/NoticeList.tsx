// The tenant's own notices, newest first: saas-main GET /saas/noticeManager/notice/list;
// writing and changing them in a dialog, publishing and withdrawing them after a question.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  Clip,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { NOTICE_STATE } from '../../enums';
import { NoticeDialog } from './NoticeDialog';
import type { NoticeRow } from './types';

const EMPTY = { title: '', state: '' };
const F = 'base.notices.fields';
const N = '/saas/noticeManager/notice';
const PUBLISHED = 1;

export default function NoticeList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const intl = useIntl();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const may = {
    save: useHolds(PERM.notice.save),
    update: useHolds(PERM.notice.update),
    publish: useHolds(PERM.notice.publish),
    withdraw: useHolds(PERM.notice.withdraw),
  };
  const ask = (action: 'publish' | 'withdraw', r: NoticeRow) =>
    confirm.ask(intl.formatMessage({ id: `base.notices.confirm.${action}` }, { title: r.title }), () =>
      api.put('saas-main', `${N}/${action}`, { id: r.id }).then(refresh),
    );
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
  if (may.update || may.publish || may.withdraw) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) =>
        r.state === PUBLISHED ? (
          may.withdraw && <RowAction label="base.notices.withdraw" color="warning" onClick={() => ask('withdraw', r)} testId={`notice-withdraw-${r.id}`} />
        ) : (
          <RowActions>
            {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`notice-edit-${r.id}`} />}
            {may.publish && <RowAction label="base.notices.publish" onClick={() => ask('publish', r)} testId={`notice-publish-${r.id}`} />}
          </RowActions>
        ),
    });
  }
  return (
    <ListPage
      title="base.notices.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="notice-add" />}
      filters={
        <>
          <TextFilter label={`${F}.title`} value={f.draft.title} onChange={(v) => f.set('title', v)} testId="notices-title" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={NOTICE_STATE} testId="notices-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-notices-table" />
      {editing && (
        <NoticeDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}
