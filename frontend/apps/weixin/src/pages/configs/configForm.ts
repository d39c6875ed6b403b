// The configuration form (the tenant's staff add and change official accounts and
// mini-programs): the rules weixin-server checks (domain/config.rs), secrets write-only (empty on
// a change keeps the stored one), and for official accounts the template id of each
// notification type.
import { NOTIFY_TYPE, rules, type Rule } from '@tradewind/shared';
import type { ConfigRow, Kind } from '../../types';

export type ConfigFormValues = Record<string, string>;

/** The notification types an official account may have a template for. */
export const TEMPLATE_TYPES = NOTIFY_TYPE.values as readonly number[];

export const templateField = (t: number) => `template${t}`;

export function emptyConfigForm(): ConfigFormValues {
  const v: ConfigFormValues = { name: '', appId: '', appSecret: '', token: '', encodingAesKey: '', state: '1' };
  for (const t of TEMPLATE_TYPES) v[templateField(t)] = '';
  return v;
}

export function configFormOf(c: ConfigRow): ConfigFormValues {
  const v = emptyConfigForm();
  v.name = c.name;
  v.appId = c.appId;
  v.state = String(c.state);
  for (const t of TEMPLATE_TYPES) v[templateField(t)] = c.templates[String(t)] ?? '';
  return v;
}

const F = 'weixin.configForm.fields';
const alnum = (min: number, max: number) => (s: string) => new RegExp(`^[A-Za-z0-9]{${min},${max}}$`).test(s);

/** The rules of the form: `adding` requires the secret (and an official account's token). */
export function configRules(kind: Kind, adding: boolean): Record<string, Rule<ConfigFormValues>> {
  const r: Record<string, Rule<ConfigFormValues>> = {
    name: rules.all(rules.required('name', `${F}.name`), rules.length('name', 1, 64)),
    appId: rules.all(rules.required('appId', `${F}.appId`), rules.pattern('appId', (s) => /^wx[A-Za-z0-9]{16}$/.test(s), 'weixin.form.appId')),
    appSecret: rules.pattern('appSecret', alnum(32, 32), 'weixin.form.appSecret'),
    token: rules.pattern('token', alnum(3, 32), 'weixin.form.token'),
    encodingAesKey: rules.pattern('encodingAesKey', alnum(43, 43), 'weixin.form.aesKey'),
    state: rules.chosen('state', `${F}.state`),
  };
  if (adding) {
    r.appSecret = rules.all(rules.required('appSecret', `${F}.appSecret`), r.appSecret);
    if (kind === 'mp') r.token = rules.all(rules.required('token', `${F}.token`), r.token);
  }
  for (const t of TEMPLATE_TYPES) {
    const name = templateField(t);
    r[name] = rules.pattern(name, (s) => /^[A-Za-z0-9_-]{1,64}$/.test(s), 'weixin.form.templateId');
  }
  return r;
}

/** The body weixin-server takes (`ConfigFields`); empty secrets are sent empty (kept). */
export function configBody(kind: Kind, v: ConfigFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    appId: v.appId.trim(),
    appSecret: v.appSecret.trim(),
    token: v.token.trim(),
    encodingAesKey: v.encodingAesKey.trim(),
    state: Number(v.state),
  };
  if (kind === 'mp') {
    const templates: Record<string, string> = {};
    for (const t of TEMPLATE_TYPES) {
      const id = (v[templateField(t)] ?? '').trim();
      if (id) templates[String(t)] = id;
    }
    body.templates = templates;
  }
  return body;
}
