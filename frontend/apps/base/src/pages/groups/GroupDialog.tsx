// Creating (POST /saas/account/group/save) or changing (PUT /saas/account/group/update) a
// permission group: its name, remarks and the codes it grants, chosen from the catalogue the
// services declared (GET /saas/account/group/listPermissions). A change starts from the group as
// loaded now (GET /saas/account/group/load).
import { useEffect } from 'react';
import { api, FormDialog, FormText, rules, useForm, useOptions } from '@tradewind/shared';
import { PermissionPicker } from './PermissionPicker';
import type { GroupRow } from './types';

interface CatalogueEntry {
  permCode: string;
  appId: number;
  service: string;
  summary: string;
}

const F = 'base.groups.fields';
const G = '/saas/account/group';
type Values = { name: string; remarks: string; permCodes: string[] };

export function GroupDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<Values>({ name: '', remarks: '', permCodes: [] });
  const { reset } = form;
  const creating = id === null;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    api.get<GroupRow>('auth-center', `${G}/load`, { query: { id } }).then(
      (g) => live && reset({ name: g.name, remarks: g.remarks, permCodes: g.permCodes }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `reset` is a new function each render; the group to load is `id`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const catalogue = useOptions(
    () =>
      api
        .get<CatalogueEntry[]>('auth-center', `${G}/listPermissions`)
        .then((rows) => rows.map((c) => ({ value: c.permCode, text: c.summary || c.permCode }))),
    'catalogue',
  );

  const submit = () =>
    void form
      .submit(
        {
          name: rules.all(rules.required('name', `${F}.name`), rules.length('name', 1, 64)),
          remarks: rules.length('remarks', 0, 500),
        },
        (v) => {
          const body = { name: v.name.trim(), remarks: v.remarks, permCodes: v.permCodes };
          return creating ? api.post('auth-center', `${G}/save`, body) : api.put('auth-center', `${G}/update`, { id, ...body });
        },
      )
      .then((ok) => ok && onSaved());

  return (
    <FormDialog open title={creating ? 'base.groups.addTitle' : 'base.groups.editTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="group-dialog">
      <FormText form={form} name="name" label={`${F}.name`} required />
      <FormText form={form} name="remarks" label={`${F}.remarks`} />
      <PermissionPicker
        catalogue={catalogue}
        value={form.values.permCodes}
        onChange={(codes) => form.set('permCodes', codes)}
        error={form.errors.permCodes}
        disabled={form.busy}
      />
    </FormDialog>
  );
}
