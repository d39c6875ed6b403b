// The theme form (the tenant's staff save and update themes): name 1 to 64 characters, a cover
// image address, an order 0 to 999999, an active period whose end is after its start, enabled
// or disabled (mall-app's domain/theme.rs), and the body mall-app takes (`ThemeFields`).
import { rules, type Rule } from '@tradewind/shared';
import { fromLocalInput, toLocalInput } from '../../time';
import type { ThemeRow } from '../../types';

export type ThemeFormValues = {
  themeName: string;
  cover: string;
  sortNum: string;
  startTime: string;
  endTime: string;
  state: string;
};

const DAY = 86_400_000;

export const emptyThemeForm = (now = Date.now()): ThemeFormValues => ({
  themeName: '',
  cover: '',
  sortNum: '0',
  startTime: toLocalInput(now),
  endTime: toLocalInput(now + 30 * DAY),
  state: '1',
});

export function themeFormOf(t: ThemeRow): ThemeFormValues {
  return {
    themeName: t.themeName,
    cover: t.cover,
    sortNum: String(t.sortNum),
    startTime: toLocalInput(t.startTime),
    endTime: toLocalInput(t.endTime),
    state: String(t.state),
  };
}

const F = 'mall.themeForm.fields';

export const themeRules: Partial<Record<keyof ThemeFormValues, Rule<ThemeFormValues>>> = {
  themeName: rules.all(rules.required('themeName', `${F}.themeName`), rules.length('themeName', 1, 64)),
  cover: rules.all(rules.required('cover', `${F}.cover`), rules.pattern('cover', (s) => /^(https?:\/\/|\/)/.test(s), 'mall.form.imageAddress')),
  sortNum: rules.pattern('sortNum', (s) => /^\d{1,6}$/.test(s), 'mall.form.rank'),
  startTime: (v, intl) => (Number.isNaN(fromLocalInput(v.startTime)) ? intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.startTime` }) }) : null),
  endTime: (v, intl) => {
    const end = fromLocalInput(v.endTime);
    if (Number.isNaN(end)) return intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.endTime` }) });
    return end <= fromLocalInput(v.startTime) ? intl.formatMessage({ id: 'mall.form.endAfterStart' }) : null;
  },
  state: rules.chosen('state', `${F}.state`),
};

export function themeBody(v: ThemeFormValues): Record<string, unknown> {
  return {
    themeName: v.themeName.trim(),
    cover: v.cover.trim(),
    sortNum: Number(v.sortNum || 0),
    startTime: fromLocalInput(v.startTime),
    endTime: fromLocalInput(v.endTime),
    state: Number(v.state),
  };
}

/** `list` with the item at `from` moved to `to` (drag and drop, or a step up or down). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
