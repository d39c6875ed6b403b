// Adding or changing a scenic spot, for the tenant's staff: POST /saas/ticket/scenicInfos/save,
// PUT /saas/ticket/scenicInfos/update (every field, the spot's id beside them). Changing loads
// the spot first (GET /saas/ticket/scenicInfos/load?scenicId=).
import { useEffect, useState } from 'react';
import { api, FormDialog, FormSelect, FormText, useForm } from '@tradewind/shared';
import { SCENIC_STAR, SCENIC_STATE } from '../../enums';
import { emptyScenicForm, scenicBody, scenicFormOf, scenicRules, type ScenicFormValues } from './scenicForm';
import type { ScenicRow } from './types';

const S = 'ticket.scenicForm.fields';

/** null: closed; 0: a new spot; else the spot being changed. */
export function ScenicDialog({ scenicId, onClose, onSaved }: { scenicId: number | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<ScenicFormValues>(emptyScenicForm());
  const [loaded, setLoaded] = useState<number | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (scenicId === null) return undefined;
    if (scenicId === 0) {
      reset(emptyScenicForm());
      return undefined;
    }
    let live = true;
    api
      .get<ScenicRow>('ticket-app', '/saas/ticket/scenicInfos/load', { query: { scenicId } })
      .then((s) => {
        if (!live) return;
        reset(scenicFormOf(s));
        setLoaded(s.scenicId);
      })
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
    // A new spot id opens the dialog afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scenicId]);
  const editing = Boolean(scenicId);
  const save = async () => {
    const ok = await form.submit(scenicRules, (v) =>
      editing
        ? api.put('ticket-app', '/saas/ticket/scenicInfos/update', { scenicId, ...scenicBody(v) })
        : api.post('ticket-app', '/saas/ticket/scenicInfos/save', scenicBody(v)),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog
      open={scenicId !== null && (!editing || loaded === scenicId)}
      title={editing ? 'ticket.scenicForm.edit' : 'ticket.scenicForm.add'}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="scenic-dialog"
    >
      <FormText form={form} name="scenicName" label={`${S}.scenicName`} required />
      <FormText form={form} name="scenicNameEn" label={`${S}.scenicNameEn`} />
      <FormSelect form={form} name="star" label={`${S}.star`} enumeration={SCENIC_STAR} required />
      <FormSelect form={form} name="state" label={`${S}.state`} enumeration={SCENIC_STATE} required />
      <FormText form={form} name="phone" label={`${S}.phone`} />
      <FormText form={form} name="address" label={`${S}.address`} wide />
      <FormText form={form} name="description" label={`${S}.description`} multiline wide />
    </FormDialog>
  );
}
