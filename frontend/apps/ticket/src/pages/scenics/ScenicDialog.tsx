// Adding or changing a scenic spot. The tenant's staff change the list directly
// (POST /saas/ticket/scenicInfos/save, PUT /saas/ticket/scenicInfos/update); a supplier sends
// the same form as a request an operator approves (POST requestAdd, requestModify), without the
// state, which stays the operator's. Changing loads the spot first
// (GET /saas/ticket/scenicInfos/load?scenicId=). The area is chosen as country, province and city.
import { useEffect, useState } from 'react';
import { api, FormArea, FormDialog, FormSelect, FormText, useForm, useIsTenantStaff } from '@tradewind/shared';
import { SCENIC_OPEN, SCENIC_STAR, SCENIC_STATE } from '../../enums';
import { emptyScenicForm, OPEN_SEASONAL, scenicBody, scenicFormOf, scenicRules, type ScenicFormValues } from './scenicForm';
import type { ScenicRow } from './types';

const S = 'ticket.scenicForm.fields';
/** `stateScenic` of a supplier's new spot until an operator approves it. */
const PENDING = 0;

/** null: closed; 0: a new spot; else the spot being changed. */
export function ScenicDialog({ scenicId, onClose, onSaved }: { scenicId: number | null; onClose: () => void; onSaved: () => void }) {
  const staff = useIsTenantStaff();
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
    const ok = await form.submit(scenicRules, (v) => {
      const body = scenicBody(v);
      if (staff) {
        return editing
          ? api.put('ticket-app', '/saas/ticket/scenicInfos/update', { scenicId, ...body })
          : api.post('ticket-app', '/saas/ticket/scenicInfos/save', body);
      }
      return editing
        ? api.post('ticket-app', '/saas/ticket/scenicInfos/requestModify', { scenicId, ...body })
        : api.post('ticket-app', '/saas/ticket/scenicInfos/requestAdd', { ...body, state: PENDING });
    });
    if (ok) onSaved();
  };
  return (
    <FormDialog
      open={scenicId !== null && (!editing || loaded === scenicId)}
      title={`ticket.scenicForm.${staff ? '' : 'request.'}${editing ? 'edit' : 'add'}`}
      busy={form.busy}
      onClose={onClose}
      onSubmit={save}
      testId="scenic-dialog"
      submitLabel={staff ? 'form.save' : 'ticket.scenicForm.request.submit'}
    >
      <FormText form={form} name="scenicName" label={`${S}.scenicName`} required />
      <FormText form={form} name="scenicNameEn" label={`${S}.scenicNameEn`} />
      <FormSelect form={form} name="star" label={`${S}.star`} enumeration={SCENIC_STAR} required />
      <FormText form={form} name="phone" label={`${S}.phone`} />
      <FormArea form={form} name="areaId" label={`${S}.areaId`} />
      <FormText form={form} name="zoneName" label={`${S}.zoneName`} />
      <FormText form={form} name="address" label={`${S}.address`} />
      <FormText form={form} name="longitude" label={`${S}.longitude`} decimal />
      <FormText form={form} name="latitude" label={`${S}.latitude`} decimal />
      <FormSelect form={form} name="openType" label={`${S}.openType`} enumeration={SCENIC_OPEN} required />
      <FormText form={form} name="seasons" label={`${S}.seasons`} required={form.values.openType === OPEN_SEASONAL} />
      <FormText form={form} name="openTime" label={`${S}.openTime`} />
      <FormText form={form} name="closeTime" label={`${S}.closeTime`} />
      {staff && <FormSelect form={form} name="state" label={`${S}.state`} enumeration={SCENIC_STATE} required />}
      <FormText form={form} name="images" label={`${S}.images`} multiline wide />
      <FormText form={form} name="description" label={`${S}.description`} multiline wide />
      <FormText form={form} name="notices" label={`${S}.notices`} multiline wide />
    </FormDialog>
  );
}
