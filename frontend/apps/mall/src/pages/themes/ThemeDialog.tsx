// Adding or changing a theme, for the tenant's staff: POST /saas/mall/themes/save, PUT
// /saas/mall/themes/update (the list row holds every field, so nothing is loaded first).
import { useEffect } from 'react';
import { api, FormDialog, FormSelect, FormText, useForm } from '@tradewind/shared';
import { DateTimeField } from '../../DateTimeField';
import { THEME_STATE } from '../../enums';
import type { ThemeRow } from '../../types';
import { emptyThemeForm, themeBody, themeFormOf, themeRules, type ThemeFormValues } from './themeForm';

const F = 'mall.themeForm.fields';

/** null: closed; 'new': a new theme; else the theme being changed. */
export function ThemeDialog({ theme, onClose, onSaved }: { theme: ThemeRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<ThemeFormValues>(emptyThemeForm());
  const { reset } = form;
  useEffect(() => {
    if (theme === null) return;
    reset(theme === 'new' ? emptyThemeForm() : themeFormOf(theme));
    // A theme opened anew starts from its own values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme]);
  const editing = theme !== null && theme !== 'new';
  const save = async () => {
    const ok = await form.submit(themeRules, (v) =>
      editing ? api.put('mall-app', '/saas/mall/themes/update', { id: theme.id, ...themeBody(v) }) : api.post('mall-app', '/saas/mall/themes/save', themeBody(v)),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog open={theme !== null} title={editing ? 'mall.themeForm.edit' : 'mall.themeForm.add'} busy={form.busy} onClose={onClose} onSubmit={save} testId="theme-dialog">
      <FormText form={form} name="themeName" label={`${F}.themeName`} required />
      <FormText form={form} name="sortNum" label={`${F}.sortNum`} digits />
      <FormText form={form} name="cover" label={`${F}.cover`} required wide />
      <DateTimeField form={form} name="startTime" label={`${F}.startTime`} required />
      <DateTimeField form={form} name="endTime" label={`${F}.endTime`} required />
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={THEME_STATE} required />
    </FormDialog>
  );
}
