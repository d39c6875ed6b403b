// Filing an approval request (POST /saas/approval/request/save): an add, change or deletion of
// a hotel or scenic spot, with a title and details for the approver.
import { api, FormDialog, FormSelect, FormText, rules, useForm } from '@tradewind/shared';
import { APPROVAL_OPERATE, APPROVAL_REF } from '../../enums';
import { AP } from './types';

const F = 'base.approvals.fields';
const ADD = '1';

export function RequestDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const form = useForm({ operateType: ADD, refType: '10', refId: '', refName: '', title: '', content: '' });
  const submit = () =>
    void form
      .submit(
        {
          refId: form.values.operateType === ADD ? undefined : rules.all(rules.required('refId', `${F}.refId`), rules.pattern('refId', (s) => /^\d{1,18}$/.test(s), 'base.rules.productIdFormat')),
          refName: rules.all(rules.required('refName', `${F}.refName`), rules.length('refName', 1, 100)),
          title: rules.all(rules.required('title', `${F}.title`), rules.length('title', 1, 100)),
          content: rules.length('content', 0, 5000),
        },
        (v) =>
          api.post('saas-main', `${AP}/save`, {
            operateType: Number(v.operateType),
            refType: Number(v.refType),
            refId: v.operateType === ADD || v.refId.trim() === '' ? 0 : Number(v.refId),
            refName: v.refName.trim(),
            title: v.title.trim(),
            content: v.content.trim(),
          }),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title="base.approvals.addTitle" busy={form.busy} onClose={onClose} onSubmit={submit} testId="approval-request-dialog">
      <FormSelect form={form} name="operateType" label={`${F}.operateType`} enumeration={APPROVAL_OPERATE} required />
      <FormSelect form={form} name="refType" label={`${F}.refType`} enumeration={APPROVAL_REF} required />
      <FormText form={form} name="refId" label={`${F}.refId`} digits disabled={form.values.operateType === ADD} />
      <FormText form={form} name="refName" label={`${F}.refName`} required />
      <FormText form={form} name="title" label={`${F}.title`} required wide />
      <FormText form={form} name="content" label={`${F}.content`} multiline wide />
    </FormDialog>
  );
}
