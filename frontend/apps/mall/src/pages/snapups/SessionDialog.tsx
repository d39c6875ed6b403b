// Creating a snap-up session or changing one before its start, for the tenant's staff: POST
// /saas/mall/snapups/save, PUT /saas/mall/snapups/update. The product is picked from the
// tenant's mall products; the price is typed in yuan and sent in fen; the limit's target is asked
// only for a per-customer or per-day limit.
import { useEffect } from 'react';
import { api, FormDialog, FormSelect, FormText, useForm, useOptions, type Option, type Page } from '@tradewind/shared';
import { LIMIT_GOODS, LIMIT_TARGET } from '../../enums';
import { DateTimeField } from '../../DateTimeField';
import type { ProductRow, SessionRow } from '../../types';
import { countsTarget, emptySessionForm, sessionBody, sessionFormOf, sessionRules, type SessionFormValues } from './sessionForm';

const F = 'mall.sessionForm.fields';
const TARGETS = { ...LIMIT_TARGET, values: LIMIT_TARGET.values.filter((v) => v !== -1) };

/** null: closed; 'new': a new session; else the session being changed. */
export function SessionDialog({ session, onClose, onSaved }: { session: SessionRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<SessionFormValues>(emptySessionForm());
  const { reset } = form;
  const open = session !== null;
  useEffect(() => {
    if (session === null) return;
    reset(session === 'new' ? emptySessionForm() : sessionFormOf(session));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
  const products = useOptions(
    open
      ? () =>
          api
            .get<Page<ProductRow>>('mall-app', '/saas/mall/products/list', { query: { page: 1, resultNum: 500 } })
            .then((p) => p.results.map((r): Option => ({ value: String(r.id), text: r.productName })))
      : null,
    open ? 'products' : '',
  );
  const editing = session !== null && session !== 'new';
  const save = async () => {
    const ok = await form.submit(sessionRules, (v) =>
      editing ? api.put('mall-app', '/saas/mall/snapups/update', { id: session.id, ...sessionBody(v) }) : api.post('mall-app', '/saas/mall/snapups/save', sessionBody(v)),
    );
    if (ok) onSaved();
  };
  const goods = form.values.typeLimitGoods;
  return (
    <FormDialog open={open} title={editing ? 'mall.sessionForm.edit' : 'mall.sessionForm.add'} busy={form.busy} onClose={onClose} onSubmit={save} testId="session-dialog">
      <FormSelect form={form} name="mallProductId" label={`${F}.mallProductId`} options={products} required wide />
      <FormText form={form} name="snapupPrice" label={`${F}.snapupPrice`} decimal required />
      <FormText form={form} name="stock" label={`${F}.stock`} digits required />
      <DateTimeField form={form} name="startTime" label={`${F}.startTime`} required />
      <DateTimeField form={form} name="endTime" label={`${F}.endTime`} required />
      <FormSelect form={form} name="typeLimitGoods" label={`${F}.typeLimitGoods`} enumeration={LIMIT_GOODS} required />
      {goods !== '0' && <FormText form={form} name="limitNum" label={`${F}.limitNum`} digits required />}
      {countsTarget(goods) && <FormSelect form={form} name="typeLimitTarget" label={`${F}.typeLimitTarget`} enumeration={TARGETS} required />}
    </FormDialog>
  );
}
