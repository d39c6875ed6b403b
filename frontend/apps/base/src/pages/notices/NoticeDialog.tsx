// Writing a draft notice (POST /saas/noticeManager/notice/save) or changing a draft or a
// withdrawn one (PUT /saas/noticeManager/notice/update; a published notice is withdrawn first).
import { api, FormDialog, FormText, rules, useForm } from '@tradewind/shared';
import type { NoticeRow } from './types';

const F = 'base.notices.fields';
const N = '/saas/noticeManager/notice';

export function NoticeDialog({ row, onClose, onSaved }: { row: NoticeRow | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm({ title: row?.title ?? '', content: row?.content ?? '' });
  const submit = () =>
    void form
      .submit(
        {
          title: rules.all(rules.required('title', `${F}.title`), rules.length('title', 1, 100)),
          content: rules.all(rules.required('content', `${F}.content`), rules.length('content', 1, 10_000)),
        },
        (v) => {
          const body = { title: v.title.trim(), content: v.content.trim() };
          return row ? api.put('saas-main', `${N}/update`, { id: row.id, ...body }) : api.post('saas-main', `${N}/save`, body);
        },
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title={row ? 'base.notices.editTitle' : 'base.notices.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="notice-dialog">
      <FormText form={form} name="title" label={`${F}.title`} required wide />
      <FormText form={form} name="content" label={`${F}.content`} required multiline wide />
    </FormDialog>
  );
}
