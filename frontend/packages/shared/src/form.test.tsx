// The form kit: browser rules first with the spec's messages, then the server's 412 under the
// field it names; success says so and resolves true. A question before an action says
// "Operation successful" only for what the action has not said itself.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api';
import { FormDialog, FormText, rules, useConfirm, useForm } from './components/form';
import en from './messages/en';
import { session } from './session';
import { isMobile } from './validate';

let shown: [string, string][];
let outcome: boolean | null;

function reply(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

function Sample({ send }: { send: (v: { name: string; mobile: string }) => Promise<unknown> }) {
  const form = useForm({ name: '', mobile: '' });
  return (
    <FormDialog
      open
      title="label.title"
      busy={form.busy}
      onClose={() => undefined}
      onSubmit={() =>
        void form
          .submit(
            {
              name: rules.all(rules.required('name', 'label.name'), rules.length('name', 2, 8)),
              mobile: rules.pattern('mobile', isMobile, 'form.mobile'),
            },
            send,
          )
          .then((ok) => (outcome = ok))
      }
    >
      <FormText form={form} name="name" label="label.name" required />
      <FormText form={form} name="mobile" label="label.mobile" />
    </FormDialog>
  );
}

function show(send: (v: { name: string; mobile: string }) => Promise<unknown>) {
  render(
    <IntlProvider locale="en" messages={{ ...en, 'label.title': 'Sample', 'label.name': 'Name', 'label.mobile': 'Mobile' }}>
      <Sample send={send} />
    </IntlProvider>,
  );
}

beforeEach(() => {
  shown = [];
  outcome = null;
  configureApi({ notify: (s, m) => shown.push([s, m]) });
  session.setTokens('t', 'r');
});

function Delivery() {
  const form = useForm({ delivery: 'express', address: '', note: '' });
  const needsAddress = (v: { delivery: string; address: string; note: string }) => (v.delivery === 'express' && v.address.trim() === '' ? 'Express delivery needs the address' : null);
  return (
    <FormDialog open title="label.title" busy={form.busy} onClose={() => undefined} onSubmit={() => void form.submit({ address: needsAddress }, async () => undefined)}>
      <FormText form={form} name="delivery" label="label.name" />
      <FormText form={form} name="address" label="label.mobile" />
      <FormText form={form} name="note" label="label.title" />
    </FormDialog>
  );
}

describe('form kit', () => {
  it('takes a problem away when a change of another field mends it, and only then', async () => {
    render(
      <IntlProvider locale="en" messages={{ ...en, 'label.title': 'Sample', 'label.name': 'Delivery', 'label.mobile': 'Address' }}>
        <Delivery />
      </IntlProvider>,
    );
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Express delivery needs the address')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-note'), { target: { value: 'ring twice' } });
    expect(screen.getByText('Express delivery needs the address')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-delivery'), { target: { value: 'e-ticket' } });
    await waitFor(() => expect(screen.queryByText('Express delivery needs the address')).toBeNull());
  });

  it('says which field is missing or malformed and sends nothing', async () => {
    const send = vi.fn(async () => undefined);
    show(send);
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'a' } });
    fireEvent.change(screen.getByTestId('field-mobile'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The length is 2 to 8 characters')).toBeTruthy();
    expect(screen.getByText('Please fill in the correct mobile number')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(outcome).toBe(false));
  });

  it("puts the server's reason under the field it names", async () => {
    reply(412, { state: 'fail', code: 'invalid', msg: 'name: is taken', data: { field: 'name', reason: 'is taken' } });
    const { api } = await import('./api');
    show((v) => api.post('auth-center', '/x', v));
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('is taken')).toBeTruthy();
    expect(shown).toEqual([['warning', 'name: is taken']]);
    await waitFor(() => expect(outcome).toBe(false));
  });

  it('says saved when the server took it', async () => {
    const send = vi.fn(async () => undefined);
    show(send);
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByTestId('field-mobile'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(outcome).toBe(true));
    expect(send).toHaveBeenCalledWith({ name: 'alice', mobile: '13812345678' });
    expect(shown).toEqual([['success', 'Saved successfully']]);
  });
});

// A form's submit behind the question (the support ticket's dialog, before it checked first):
// whatever the question's answer, the form's own outcome is the only thing said.
function AskedSample({ send, action }: { send: (v: { name: string }) => Promise<unknown>; action?: () => Promise<unknown> }) {
  const form = useForm({ name: '' });
  const confirm = useConfirm();
  return (
    <FormDialog
      open
      title="label.title"
      busy={form.busy}
      onClose={() => undefined}
      onSubmit={() => confirm.ask('Send it?', action ?? (() => form.submit({ name: rules.required('name', 'label.name') }, send).then((ok) => (outcome = ok))))}
    >
      <FormText form={form} name="name" label="label.name" required />
      {confirm.element}
    </FormDialog>
  );
}

function showAsked(send: (v: { name: string }) => Promise<unknown>, action?: () => Promise<unknown>) {
  render(
    <IntlProvider locale="en" messages={{ ...en, 'label.title': 'Sample', 'label.name': 'Name' }}>
      <AskedSample send={send} action={action} />
    </IntlProvider>,
  );
}

/** A turn of the event loop: promise chains already resolved have run. */
const settled = () => new Promise((r) => setTimeout(r, 0));

describe('a question before an action', () => {
  it('says no success after the question when the form refused its fields, and sends nothing', async () => {
    const send = vi.fn(async () => undefined);
    showAsked(send);
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    await waitFor(() => expect(outcome).toBe(false));
    // The action has settled: whatever the question would say is said by now.
    await settled();
    expect(send).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it("says only the server's reason when it refused the form", async () => {
    reply(412, { state: 'fail', code: 'invalid', msg: 'name: is taken', data: { field: 'name', reason: 'is taken' } });
    const { api } = await import('./api');
    showAsked((v) => api.post('auth-center', '/x', v));
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByText('is taken')).toBeTruthy();
    await waitFor(() => expect(outcome).toBe(false));
    await settled();
    expect(shown).toEqual([['warning', 'name: is taken']]);
  });

  it('says saved once when the form was sent', async () => {
    const send = vi.fn(async () => undefined);
    showAsked(send);
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(outcome).toBe(true));
    await settled();
    expect(send).toHaveBeenCalledWith({ name: 'alice' });
    expect(shown).toEqual([['success', 'Saved successfully']]);
  });

  it('says the operation succeeded after an action that is not a form', async () => {
    const action = vi.fn(async () => ({ id: 1 }));
    showAsked(async () => undefined, action);
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(screen.getByText('Send it?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(shown).toEqual([['success', 'Operation successful']]));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs nothing when the question is declined', async () => {
    const action = vi.fn(async () => undefined);
    showAsked(async () => undefined, action);
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Send it?')).toBeNull());
    expect(action).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});
