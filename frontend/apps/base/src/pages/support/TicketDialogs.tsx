// Submitting a ticket (POST /saas/support/mySupport/save: its fields checked, then the spec's
// question) and assigning one to the platform's support staff (PUT /saas/platform/workOrder/assign;
// the choices are the platform's users from auth-center's user list).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api, FormCheck, FormDialog, FormSelect, FormText, rules, useConfirm, useForm, useOptions, type Page } from '@tradewind/shared';
import { SUPPORT_BUSINESS } from '../../enums';
import { MINE, WORK, type TicketRow } from './types';

const F = 'base.support.fields';

export function SubmitDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const confirm = useConfirm();
  const form = useForm({ businessType: '10', subject: '', tag: '', title: '', content: '', allowAgentLogin: false });
  const checks = {
    subject: rules.all(rules.required('subject', `${F}.subject`), rules.length('subject', 1, 50)),
    tag: rules.length('tag', 0, 30),
    title: rules.all(rules.required('title', `${F}.title`), rules.length('title', 1, 100)),
    content: rules.all(rules.required('content', `${F}.content`), rules.length('content', 1, 5000)),
  };
  // The rules first (a refused form asks nothing), then the question, then the request; the
  // submit's boolean tells the question that it has spoken ("Saved", or the reason).
  const submit = () =>
    form.check(checks) &&
    confirm.ask(intl.formatMessage({ id: 'base.support.confirm.submit' }), () =>
      form
        .submit(checks, (v) =>
          api.post('saas-main', `${MINE}/save`, {
            businessType: Number(v.businessType),
            subject: v.subject.trim(),
            tag: v.tag.trim(),
            title: v.title.trim(),
            content: v.content.trim(),
            allowAgentLogin: v.allowAgentLogin,
          }),
        )
        .then((ok) => {
          if (ok) onSaved();
          return ok;
        }),
    );
  return (
    <FormDialog open title="base.support.addTitle" busy={form.busy} onClose={onClose} onSubmit={submit} submitLabel="base.support.submit" testId="ticket-submit-dialog">
      <FormSelect form={form} name="businessType" label={`${F}.businessType`} enumeration={SUPPORT_BUSINESS} required />
      <FormText form={form} name="subject" label={`${F}.subject`} required />
      <FormText form={form} name="title" label={`${F}.title`} required />
      <FormText form={form} name="tag" label={`${F}.tag`} />
      <FormText form={form} name="content" label={`${F}.content`} required multiline wide />
      <FormCheck form={form} name="allowAgentLogin" label={`${F}.allowAgentLogin`} />
      {confirm.element}
    </FormDialog>
  );
}

interface UserRow {
  id: number;
  username: string;
  realName?: string | null;
}

export function AssignDialog({ row, onClose, onDone }: { row: TicketRow; onClose: () => void; onDone: () => void }) {
  const [key] = useState(() => String(row.supportId));
  const users = useOptions(
    () =>
      api
        .get<Page<UserRow>>('auth-center', '/saas/account/user/list', { query: { page: 1, resultNum: 500 } })
        .then((p) => p.results.map((u) => ({ value: String(u.id), text: u.realName ? `${u.realName} (${u.username})` : u.username }))),
    key,
  );
  const form = useForm({ assigneeId: row.assigneeId ? String(row.assigneeId) : '' });
  const submit = () =>
    void form
      .submit({ assigneeId: rules.required('assigneeId', `${F}.assignee`) }, (v) =>
        api.put('saas-main', `${WORK}/assign`, {
          supportId: row.supportId,
          assigneeId: Number(v.assigneeId),
          assigneeName: users.find((u) => u.value === v.assigneeId)?.text ?? '',
        }),
      )
      .then((ok) => ok && onDone());
  return (
    <FormDialog open title="base.support.assignTitle" busy={form.busy} onClose={onClose} onSubmit={submit} submitLabel="base.support.assign" testId="ticket-assign-dialog">
      <FormSelect form={form} name="assigneeId" label={`${F}.assignee`} options={users} required />
    </FormDialog>
  );
}
