// The interface configuration form (saas-main POST /saas/saasInterface/interfaceConfig/save, PUT
// .../update) with saas-main's rules: an interface of the catalogue (fixed once saved), the
// merchant it belongs to (a distributor for a channel, a supplier for a vendor), a name of 1 to
// 50 characters, an http(s) address, and every credential the interface asks for. Credentials are
// never shown again: a change may leave one empty to keep what is stored.
import { rules, type Rule } from '@tradewind/shared';
import type { InterfaceConfigRow } from './types';

const F = 'base.interfaces.fields';

/** Credential fields live in the form as `credentials.<name>`, the field a 412 of saas-main names. */
export const CRED = 'credentials.';

export type ConfigValues = Record<string, string> & {
  interfaceId: string;
  mchId: string;
  configName: string;
  baseUrl: string;
};

/** The form's first values: every credential field any interface asks for (`allFields`) empty. */
export function configValues(row: InterfaceConfigRow | null, allFields: string[]): ConfigValues {
  const values: ConfigValues = {
    interfaceId: row ? String(row.interfaceId) : '',
    mchId: row ? String(row.mchId) : '',
    configName: row?.configName ?? '',
    baseUrl: row?.baseUrl ?? '',
  };
  for (const f of allFields) values[`${CRED}${f}`] = '';
  return values;
}

/** The message id of a credential field's name. */
export function credLabel(field: string): string {
  return `base.interfaces.cred.${field}`;
}

export function isHttpAddress(s: string): boolean {
  return /^https?:\/\/[^\s/?#]+\S*$/.test(s.trim());
}

/** The form's rules; on a new configuration every credential of `fields` is required. */
export function configRules(fields: string[], isNew: boolean): Partial<Record<string, Rule<ConfigValues>>> {
  const out: Partial<Record<string, Rule<ConfigValues>>> = {
    interfaceId: rules.chosen('interfaceId', `${F}.interface`),
    mchId: rules.chosen('mchId', `${F}.merchant`),
    configName: rules.all(rules.required('configName', `${F}.configName`), rules.length('configName', 1, 50)),
    baseUrl: rules.all(rules.required('baseUrl', `${F}.baseUrl`), rules.pattern('baseUrl', isHttpAddress, 'base.interfaces.baseUrlRule')),
  };
  for (const f of fields) {
    const name = `${CRED}${f}`;
    out[name] = isNew ? rules.all(rules.required(name, credLabel(f)), rules.length(name, 1, 500)) : rules.length(name, 0, 500);
  }
  return out;
}

/** What the service takes: credentials left empty on a change are left out (kept). */
export function configBody(v: ConfigValues, fields: string[]): Record<string, unknown> {
  const credentials: Record<string, string> = {};
  for (const f of fields) {
    const value = (v[`${CRED}${f}`] ?? '').trim();
    if (value) credentials[f] = value;
  }
  return { interfaceId: Number(v.interfaceId), mchId: Number(v.mchId), configName: v.configName.trim(), baseUrl: v.baseUrl.trim(), credentials };
}
