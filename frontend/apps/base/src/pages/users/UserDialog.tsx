// Creating (POST /saas/account/user/save) or changing (PUT /saas/account/user/update) a user of
// the tenant. The login name is fixed once made; on a change the password is sent only when a
// new one is typed (it resets it and ends the user's sessions). Supplier and distributor users
// belong to a merchant of that kind; a merchant's own administrator makes only users like
// itself, of its merchant; a platform administrator, only platform administrators (the service
// refuses anything else).
import { useState } from 'react';
import { api, endpointOf, FormCheck, FormDialog, FormMultiSelect, FormSelect, FormText, isEmail, isMobile, MSC_TYPE, MscType, PERM, rules, TENANT_PERSON_TYPES, useEnumLabel, useForm, useOptions, useSession, type Option, type Page } from '@tradewind/shared';
import { IP_FILTER, ROLE_TYPE, USER_GRADE, USER_STATE } from '../../enums';
import type { GroupRow } from '../groups/types';
import type { UserRow } from './types';

const F = 'base.users.fields';
/** The merchants a supplier or distributor user may belong to. */
const MERCHANT_SELECT: Record<string, string> = {
  [MscType.Supplier]: endpointOf(PERM.supplier.select),
  [MscType.Distributor]: endpointOf(PERM.distributor.select),
};
const USERNAME = /^[A-Za-z0-9_.@-]+$/;

type Values = {
  username: string;
  password: string;
  realName: string;
  nickName: string;
  mscType: string;
  mchId: string;
  mobile: string;
  email: string;
  roleType: string;
  userGrade: string;
  userState: string;
  ipFilterType: string;
  ipFilterValue: string;
  groupIds: string[];
  isManager: boolean;
  remarks: string;
};

function valuesOf(row: UserRow | null, mine: { mscType: number; mchId: number }): Values {
  return {
    username: row?.username ?? '',
    password: '',
    realName: row?.realName ?? '',
    nickName: row?.nickName ?? '',
    mscType: row ? String(row.mscType) : mine.mchId ? String(mine.mscType) : '',
    mchId: row?.mchId ? String(row.mchId) : mine.mchId ? String(mine.mchId) : '',
    mobile: row?.mobile ?? '',
    email: row?.email ?? '',
    roleType: String(row?.roleType ?? 0),
    userGrade: String(row?.userGrade ?? 0),
    userState: String(row?.userState ?? 0),
    ipFilterType: String(row?.ipFilterType ?? 0),
    ipFilterValue: row?.ipFilterValue ?? '',
    groupIds: (row?.groupIds ?? []).map(String),
    isManager: row?.isManager ?? false,
    remarks: row?.remarks ?? '',
  };
}

export function UserDialog({ row, onClose, onSaved }: { row: UserRow | null; onClose: () => void; onSaved: () => void }) {
  const { user } = useSession();
  const mine = { mscType: user?.mscType ?? 0, mchId: user?.mchId ?? 0 };
  const label = useEnumLabel();
  const form = useForm<Values>(valuesOf(row, mine));
  const v = form.values;
  const creating = row === null;
  // Another type needs a merchant of another kind (or none).
  const [typeShown, setTypeShown] = useState(v.mscType);
  if (typeShown !== v.mscType) {
    setTypeShown(v.mscType);
    if (mine.mchId === 0) form.set('mchId', '');
  }
  const merchantPath = MERCHANT_SELECT[v.mscType];
  const merchantUser = mine.mchId !== 0;
  // The platform's own tenant holds platform administrators only (auth-center refuses the rest
  // there); a tenant's first administrator is made from the tenant list.
  const offered = merchantUser ? [mine.mscType] : mine.mscType === MscType.PlatformAdmin ? [MscType.PlatformAdmin] : TENANT_PERSON_TYPES.filter((t) => t >= mine.mscType);
  const types: Option[] = offered.map((t) => ({
    value: String(t),
    text: label(MSC_TYPE, t),
  }));
  const merchants = useOptions(
    merchantPath && !merchantUser
      ? () => api.get<{ id: number; name: string }[]>('saas-main', merchantPath).then((rs) => rs.map((r) => ({ value: String(r.id), text: r.name })))
      : null,
    merchantPath ?? '',
  );
  const groups = useOptions(
    () =>
      api
        .get<Page<GroupRow>>('auth-center', '/saas/account/group/list', { query: { page: 1, resultNum: 500 }, quiet: true })
        .then((p) => p.results.map((g) => ({ value: String(g.id), text: g.name }))),
    'groups',
  );

  const submit = () =>
    void form
      .submit(
        {
          username: creating
            ? rules.all(
                rules.required('username', `${F}.username`),
                rules.length('username', 3, 32),
                rules.pattern('username', (s) => USERNAME.test(s), 'base.users.usernameChars'),
              )
            : undefined,
          password: creating
            ? rules.all(rules.required('password', `${F}.password`), rules.pattern('password', (s) => s.length >= 6, 'form.passwordShort'))
            : rules.pattern('password', (s) => s.length >= 6, 'form.passwordShort'),
          mscType: rules.chosen('mscType', `${F}.mscType`),
          mchId: merchantPath ? rules.chosen('mchId', `${F}.mchId`) : undefined,
          mobile: rules.pattern('mobile', isMobile, 'form.mobile'),
          email: rules.pattern('email', isEmail, 'form.email'),
          realName: rules.length('realName', 0, 64),
          remarks: rules.length('remarks', 0, 500),
        },
        (x) => {
          const body = {
            ...(creating ? { username: x.username.trim(), password: x.password } : { id: row.id }),
            ...(!creating && x.password ? { password: x.password } : {}),
            realName: x.realName.trim(),
            nickName: x.nickName.trim(),
            mscType: Number(x.mscType),
            mchId: MERCHANT_SELECT[x.mscType] ? Number(x.mchId) : 0,
            mobile: x.mobile.trim(),
            email: x.email.trim(),
            isManager: x.isManager,
            roleType: Number(x.roleType),
            userGrade: Number(x.userGrade),
            userState: Number(x.userState),
            ipFilterType: Number(x.ipFilterType),
            ipFilterValue: x.ipFilterValue.trim(),
            groupIds: x.groupIds.map(Number),
            remarks: x.remarks,
          };
          return creating ? api.post('auth-center', '/saas/account/user/save', body) : api.put('auth-center', '/saas/account/user/update', body);
        },
      )
      .then((ok) => ok && onSaved());

  const merchantOptions: Option[] = merchantUser ? [{ value: String(mine.mchId), text: String(user?.mchName ?? mine.mchId) }] : merchants;
  return (
    <FormDialog open title={creating ? 'base.users.addTitle' : 'base.users.editTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="user-dialog">
      <FormText form={form} name="username" label={`${F}.username`} required={creating} disabled={!creating} />
      <FormText form={form} name="password" label={creating ? `${F}.password` : `${F}.newPassword`} type="password" required={creating} />
      <FormSelect form={form} name="mscType" label={`${F}.mscType`} options={types} required disabled={merchantUser} />
      {merchantPath ? (
        <FormSelect form={form} name="mchId" label={`${F}.mchId`} options={merchantOptions} required disabled={merchantUser} />
      ) : (
        <FormCheck form={form} name="isManager" label={`${F}.isManager`} />
      )}
      <FormText form={form} name="realName" label={`${F}.realName`} />
      <FormText form={form} name="nickName" label={`${F}.nickName`} />
      <FormText form={form} name="mobile" label={`${F}.mobile`} digits />
      <FormText form={form} name="email" label={`${F}.email`} />
      <FormSelect form={form} name="roleType" label={`${F}.roleType`} enumeration={ROLE_TYPE} />
      <FormSelect form={form} name="userGrade" label={`${F}.userGrade`} enumeration={USER_GRADE} />
      <FormSelect form={form} name="userState" label={`${F}.userState`} enumeration={USER_STATE} />
      <FormMultiSelect form={form} name="groupIds" label={`${F}.groupIds`} options={groups} />
      <FormSelect form={form} name="ipFilterType" label={`${F}.ipFilterType`} enumeration={IP_FILTER} />
      <FormText form={form} name="ipFilterValue" label={`${F}.ipFilterValue`} disabled={v.ipFilterType === '0'} />
      <FormText form={form} name="remarks" label={`${F}.remarks`} wide />
      {merchantPath && <FormCheck form={form} name="isManager" label={`${F}.isManager`} />}
    </FormDialog>
  );
}
