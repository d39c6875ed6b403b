// A platform administrator gives a tenant its first administrator (POST
// /saas/account/user/save naming the tenant's saasId, which auth-center takes from platform
// administrators only): an operator administrator (mscType 200) at the top grade, who then makes
// the tenant's other users. A tenant created a moment ago may not have reached auth-center yet:
// its 412 on saasId shows under the tenant field, and saving again a moment later works.
import { api, FormDialog, FormText, isEmail, isMobile, MscType, rules, useForm } from '@tradewind/shared';

const F = 'base.users.fields';
const USERNAME = /^[A-Za-z0-9_.@-]+$/;
/** Company head: the tenant's own top grade. */
const TOP_GRADE = 2;

export interface AdminTenant {
  saasId: number;
  saasName: string;
}

export function AdminDialog({ tenant, onClose, onSaved }: { tenant: AdminTenant; onClose: () => void; onSaved: () => void }) {
  const form = useForm({ saasId: `${tenant.saasName} (${tenant.saasId})`, username: '', password: '', realName: '', mobile: '', email: '' });
  const submit = () =>
    void form
      .submit(
        {
          username: rules.all(
            rules.required('username', `${F}.username`),
            rules.length('username', 3, 32),
            rules.pattern('username', (s) => USERNAME.test(s), 'base.users.usernameChars'),
          ),
          password: rules.all(rules.required('password', `${F}.password`), rules.pattern('password', (s) => s.length >= 6, 'form.passwordShort')),
          realName: rules.length('realName', 0, 64),
          mobile: rules.pattern('mobile', isMobile, 'form.mobile'),
          email: rules.pattern('email', isEmail, 'form.email'),
        },
        (v) =>
          api.post('auth-center', '/saas/account/user/save', {
            saasId: tenant.saasId,
            username: v.username.trim(),
            password: v.password,
            realName: v.realName.trim(),
            mobile: v.mobile.trim(),
            email: v.email.trim(),
            mscType: MscType.OperatorAdmin,
            isManager: true,
            userGrade: TOP_GRADE,
          }),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title="base.tenant.adminTitle" busy={form.busy} onClose={onClose} onSubmit={submit} testId="tenant-admin-dialog">
      <FormText form={form} name="saasId" label="base.tenant.adminFields.tenant" disabled wide />
      <FormText form={form} name="username" label={`${F}.username`} required />
      <FormText form={form} name="password" label={`${F}.password`} type="password" required />
      <FormText form={form} name="realName" label={`${F}.realName`} />
      <FormText form={form} name="mobile" label={`${F}.mobile`} digits />
      <FormText form={form} name="email" label={`${F}.email`} />
    </FormDialog>
  );
}
