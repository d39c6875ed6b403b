// Area management: the platform's provinces and cities under the countries of the spec's list,
// the same for every tenant (saas-main GET /saas/area/country/list, /saas/area/areaInfo/list).
// Platform administrators add (POST /saas/platform/area/save) and change them
// (PUT /saas/platform/area/update); everyone else reads. A code never changes: hotels and scenic
// spots keep it as their areaId.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { AddButton, api, DataTable, dateTime, FormDialog, FormSelect, FormText, ListPage, PERM, RowAction, RowActions, rules, SelectFilter, TextFilter, useEnumLabel, useFilters, useForm, useHolds, useOptions, type Column, type Option, type Page, type SaasMainApi } from '@tradewind/shared';
import { AREA_LEVEL, AREA_STATE } from '../../enums';

/** A country of the list (`CountryView` of saas-main). */
type Country = SaasMainApi['schemas']['CountryView'];

/** A province or city (`Area` of saas-main). */
type AreaRow = SaasMainApi['schemas']['Area'];

const F = 'base.areas.fields';
const EMPTY = { country: 'CN', province: '', keyword: '', state: '' };
const CODE = /^[0-9A-Za-z]{1,10}$/;

function useNamed() {
  const intl = useIntl();
  return (zh: string, en: string) => (intl.locale.startsWith('zh') ? zh : en);
}

function useProvinces(country: string): Option[] {
  const named = useNamed();
  return useOptions(
    country
      ? () =>
          api
            .get<Page<AreaRow>>('saas-main', '/saas/area/areaInfo/list', { query: { country, level: 2, page: 1, resultNum: 500 } })
            .then((p) => p.results.map((a) => ({ value: a.code, text: `${named(a.name, a.nameEn)} (${a.code})` })))
      : null,
    `provinces-${country}`,
  );
}

function AreaDialog({ row, country, countries, onClose, onSaved }: { row: AreaRow | null; country: string; countries: Option[]; onClose: () => void; onSaved: () => void }) {
  const provinces = useProvinces(country);
  const parents: Option[] = [...countries.filter((c) => c.value === country), ...provinces];
  const form = useForm({ parentCode: row?.parentCode ?? country, code: row ? row.code : '', name: row?.name ?? '', nameEn: row?.nameEn ?? '', state: String(row?.state ?? 1) });
  const submit = () =>
    void form
      .submit(
        {
          parentCode: rules.chosen('parentCode', `${F}.parent`),
          code: row ? () => null : rules.all(rules.required('code', `${F}.code`), rules.pattern('code', (s) => CODE.test(s), 'base.areas.codeWrong')),
          name: rules.all(rules.required('name', `${F}.name`), rules.length('name', 1, 50)),
          nameEn: rules.all(rules.required('nameEn', `${F}.nameEn`), rules.length('nameEn', 1, 100)),
        },
        (v) =>
          row
            ? api.put('saas-main', '/saas/platform/area/update', { id: row.id, name: v.name.trim(), nameEn: v.nameEn.trim(), state: Number(v.state) })
            : api.post('saas-main', '/saas/platform/area/save', { parentCode: v.parentCode, code: v.code.trim().toUpperCase(), name: v.name.trim(), nameEn: v.nameEn.trim(), state: Number(v.state) }),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title={row ? 'base.areas.editTitle' : 'base.areas.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="area-dialog">
      <FormSelect form={form} name="parentCode" label={`${F}.parent`} options={parents} required disabled={!!row} />
      <FormText form={form} name="code" label={row ? `${F}.code` : `${F}.ownCode`} required disabled={!!row} />
      <FormText form={form} name="name" label={`${F}.name`} required />
      <FormText form={form} name="nameEn" label={`${F}.nameEn`} required />
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={AREA_STATE} required />
    </FormDialog>
  );
}

export default function AreaList() {
  const label = useEnumLabel();
  const named = useNamed();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const may = { save: useHolds(PERM.area.save), update: useHolds(PERM.area.update) };
  const [editing, setEditing] = useState<AreaRow | 'new' | null>(null);
  const countries = useOptions(
    () => api.get<Country[]>('saas-main', '/saas/area/country/list').then((cs) => cs.map((c) => ({ value: c.code, text: `${named(c.name, c.nameEn)} (${c.code})` }))),
    'countries',
  );
  const provinces = useProvinces(f.draft.country);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<AreaRow>>('saas-main', '/saas/area/areaInfo/list', {
        query: {
          page,
          resultNum: size,
          ...(applied.province ? { parentCode: applied.province } : { country: applied.country }),
          keyword: applied.keyword.trim(),
          state: applied.state,
        },
      }),
    [applied],
  );
  const columns: Column<AreaRow>[] = [
    { key: 'code', title: `${F}.code`, render: (r) => <span data-testid={`area-code-${r.code}`}>{r.code}</span> },
    { key: 'level', title: `${F}.level`, render: (r) => label(AREA_LEVEL, r.level) },
    { key: 'name', title: `${F}.name`, render: (r) => r.name },
    { key: 'nameEn', title: `${F}.nameEn`, render: (r) => r.nameEn },
    { key: 'parentCode', title: `${F}.parent`, render: (r) => r.parentCode },
    { key: 'state', title: `${F}.state`, render: (r) => <span data-testid={`area-state-${r.code}`}>{label(AREA_STATE, r.state)}</span> },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => (r.modifyDate ? dateTime(r.modifyDate) : '--') },
    ...(may.update
      ? [
          {
            key: 'actions',
            title: 'form.actions',
            render: (r: AreaRow) => (
              <RowActions>
                <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`area-edit-${r.code}`} />
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="base.areas.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="area-add" />}
      filters={
        <>
          <SelectFilter label={`${F}.country`} value={f.draft.country} onChange={(v) => { f.set('country', v); f.set('province', ''); }} options={countries} noAll width={180} testId="areas-country" />
          <SelectFilter label={`${F}.province`} value={f.draft.province} onChange={(v) => f.set('province', v)} options={provinces} width={180} testId="areas-province" />
          <TextFilter label={`${F}.keyword`} value={f.draft.keyword} onChange={(v) => f.set('keyword', v)} testId="areas-keyword" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={AREA_STATE} testId="areas-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-areas-table" />
      {editing && (
        <AreaDialog
          row={editing === 'new' ? null : editing}
          country={applied.country}
          countries={countries}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
