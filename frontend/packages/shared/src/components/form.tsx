// The editing forms of every page: a dialog holding fields bound to one form state, checked in
// the browser first (the generic messages of the spec: "Please enter {name}" ...) and then by
// the server, whose 412 names the field: its reason is shown under that field, the dialog stays
// open and nothing else changes. Success says "Saved" and closes.
import { useRef, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  TextField,
} from '@mui/material';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError, notify } from '../api';
import { useEnumLabel, type Enumeration } from './enum';

export type FormValues = Record<string, string | number | boolean | string[] | number[]>;

/** A rule of a field: the message id (with values) of its problem, or null. */
export type Rule<V extends FormValues> = (values: V, intl: IntlShape) => string | null;

export interface Form<V extends FormValues> {
  values: V;
  errors: Partial<Record<string, string>>;
  busy: boolean;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Starts again from these values (a dialog opened on another row). */
  reset: (values: V) => void;
  /** Checks `rules` and shows their problems, sending nothing (a question before saving); true when they pass. */
  check: (rules: Partial<Record<keyof V & string, Rule<V>>>) => boolean;
  /**
   * Checks `rules` (field -> rule); when they pass, runs `send`; a 412 naming a field puts its
   * reason under that field. Resolves true when `send` succeeded.
   */
  submit: (rules: Partial<Record<keyof V & string, Rule<V>>>, send: (values: V) => Promise<unknown>) => Promise<boolean>;
}

export interface FormOptions {
  /** Message id of what success says ("Saved successfully" by default). */
  saved?: string;
}

export function useForm<V extends FormValues>(initial: V, { saved = 'form.saved' }: FormOptions = {}): Form<V> {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  // The rules of the last check, so that a problem shown under one field goes away when a change
  // of another field mends it (a rule across fields: express delivery needs the address field).
  const checked = useRef<Partial<Record<string, Rule<V>>>>({});
  const check = (rules: Partial<Record<keyof V & string, Rule<V>>>) => {
    checked.current = rules;
    const found: Partial<Record<string, string>> = {};
    for (const [name, rule] of Object.entries(rules) as [string, Rule<V> | undefined][]) {
      const problem = rule?.(values, intl);
      if (problem) found[name] = problem;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return {
    values,
    errors,
    busy,
    set: (name, value) => {
      const next = { ...values, [name]: value };
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => {
        const kept: Partial<Record<string, string>> = { ...e, [name as string]: undefined };
        for (const [field, problem] of Object.entries(kept)) {
          const rule = checked.current[field];
          // A reason the server gave has no rule here: it stays until its own field changes.
          if (problem && rule && rule(next, intl) === null) kept[field] = undefined;
        }
        return kept;
      });
    },
    reset: (v) => {
      setValues(v);
      setErrors({});
      checked.current = {};
    },
    check,
    submit: async (rules, send) => {
      if (!check(rules)) return false;
      setBusy(true);
      try {
        await send(values);
        notify('success', intl.formatMessage({ id: saved }), 3000);
        return true;
      } catch (e) {
        // The API client has shown the message; a field the server names gets it too.
        if (e instanceof ApiError && e.field) setErrors({ [e.field]: e.reason ?? e.message });
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** Rules with the spec's generic messages; `label` is the message id of the field's name. */
export const rules = {
  required:
    <V extends FormValues>(name: keyof V & string, label: string): Rule<V> =>
    (v, intl) => {
      const value = v[name];
      const empty = Array.isArray(value) ? value.length === 0 : typeof value === 'string' && value.trim() === '';
      return empty ? intl.formatMessage({ id: 'form.enter' }, { name: intl.formatMessage({ id: label }) }) : null;
    },
  chosen:
    <V extends FormValues>(name: keyof V & string, label: string): Rule<V> =>
    (v, intl) =>
      v[name] === '' ? intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: label }) }) : null,
  length:
    <V extends FormValues>(name: keyof V & string, first: number, second: number): Rule<V> =>
    (v, intl) => {
      const n = String(v[name]).trim().length;
      return n < first || n > second ? intl.formatMessage({ id: 'form.length' }, { first, second }) : null;
    },
  /** Passes when the value is empty (optional fields) or `test` accepts it. */
  pattern:
    <V extends FormValues>(name: keyof V & string, test: (s: string) => boolean, message: string): Rule<V> =>
    (v, intl) => {
      const s = String(v[name]).trim();
      return s !== '' && !test(s) ? intl.formatMessage({ id: message }) : null;
    },
  /** Every rule in turn; the first problem wins. */
  all:
    <V extends FormValues>(...list: Rule<V>[]): Rule<V> =>
    (v, intl) => {
      for (const r of list) {
        const p = r(v, intl);
        if (p) return p;
      }
      return null;
    },
};

export interface FormDialogProps {
  open: boolean;
  /** Message id of the title. */
  title: string;
  busy?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  testId?: string;
  /** Message id of the submit button ("Save" by default). */
  submitLabel?: string;
}

export function FormDialog({ open, title, busy, onClose, onSubmit, children, testId, submitLabel = 'form.save' }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth data-testid={testId}>
      <DialogTitle>
        <FormattedMessage id={title} />
      </DialogTitle>
      {busy ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <DialogContent sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 0.5, pt: 1 }}>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            <FormattedMessage id="form.cancel" />
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="form-submit">
            <FormattedMessage id={submitLabel} />
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

interface FieldProps<V extends FormValues> {
  form: Form<V>;
  name: keyof V & string;
  /** Message id of the label. */
  label: string;
  required?: boolean;
  /** Spans both columns. */
  wide?: boolean;
  disabled?: boolean;
}

function useFieldProps<V extends FormValues>({ form, name, label, required, wide, disabled }: FieldProps<V>) {
  const intl = useIntl();
  const error = form.errors[name];
  return {
    label: intl.formatMessage({ id: label }),
    required,
    disabled: disabled || form.busy,
    error: Boolean(error),
    helperText: error ?? ' ',
    size: 'small' as const,
    margin: 'dense' as const,
    sx: wide ? { gridColumn: '1 / -1' } : undefined,
    name,
  };
}

export function FormText<V extends FormValues>(
  p: FieldProps<V> & { type?: 'text' | 'password' | 'number' | 'date'; multiline?: boolean; digits?: boolean; decimal?: boolean },
) {
  const { form, name, type = 'text', multiline, digits, decimal } = p;
  const keep = (s: string) => (digits ? s.replace(/\D/g, '') : decimal ? s.replace(/[^\d.-]/g, '') : s);
  return (
    <TextField
      {...useFieldProps(p)}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={String(form.values[name])}
      onChange={(e) => form.set(name, keep(e.target.value) as V[typeof name])}
      slotProps={{
        htmlInput: { 'data-testid': `field-${name}`, inputMode: digits ? 'numeric' : decimal ? 'decimal' : undefined },
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );
}

export interface Option {
  value: string;
  /** Already translated. */
  text: string;
}

/** The choices of an enumeration (or of some of its values) labelled in the current language. */
export function useEnumOptions(enumeration: Enumeration | undefined, only?: readonly (number | string)[]): Option[] {
  const labelOf = useEnumLabel();
  if (!enumeration) return [];
  return (only ?? enumeration.values).map((v) => ({ value: String(v), text: labelOf(enumeration, v) }));
}

export function FormSelect<V extends FormValues>(p: FieldProps<V> & { enumeration?: Enumeration; options?: Option[] }) {
  const { form, name, enumeration, options } = p;
  const fromEnumeration = useEnumOptions(enumeration);
  const all: Option[] = options ?? fromEnumeration;
  return (
    <TextField
      {...useFieldProps(p)}
      select
      value={String(form.values[name])}
      onChange={(e) => form.set(name, e.target.value as V[typeof name])}
      slotProps={{ htmlInput: { 'data-testid': `field-${name}` } }}
    >
      {all.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several choices of an enumeration or a list (permission codes, weekdays). */
export function FormMultiSelect<V extends FormValues>(p: FieldProps<V> & { options: Option[] }) {
  const { form, name, options } = p;
  const value = (form.values[name] as string[]) ?? [];
  return (
    <TextField
      {...useFieldProps(p)}
      select
      value={value}
      onChange={(e) => form.set(name, e.target.value as unknown as V[typeof name])}
      slotProps={{
        htmlInput: { 'data-testid': `field-${name}` },
        select: { multiple: true, renderValue: (v) => options.filter((o) => (v as string[]).includes(o.value)).map((o) => o.text).join(', ') },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function FormCheck<V extends FormValues>({ form, name, label, disabled }: FieldProps<V>) {
  const intl = useIntl();
  return (
    <FormControlLabel
      label={intl.formatMessage({ id: label })}
      control={
        <Checkbox
          checked={Boolean(form.values[name])}
          disabled={disabled || form.busy}
          onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
          slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
        />
      }
    />
  );
}

export interface ConfirmProps {
  /** The question (already translated); nothing is shown while null. */
  question: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A yes/no question before an action that changes something (publish, disable, buy). */
export function ConfirmDialog({ question, onCancel, onConfirm }: ConfirmProps) {
  return (
    <Dialog open={question !== null} onClose={onCancel} data-testid="confirm-dialog">
      <DialogContent>{question}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id="form.cancel" />
        </Button>
        <Button variant="contained" onClick={onConfirm} data-testid="confirm-yes">
          <FormattedMessage id="form.confirm" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before running an action: `ask(question, action)`; the element goes anywhere in the page.
 * After the action, "Operation successful" is said unless the action failed (the client has
 * spoken) or resolved a boolean: an action resolving a boolean speaks for itself, as a form's
 * `submit` does (`false`: its check refused the fields or the server refused them, nothing was
 * done and the reason is shown; `true`: it was saved and "Saved" said). A form behind a question
 * is best checked first (`form.check`), so that a refused form asks nothing.
 */
export function useConfirm(): { element: ReactNode; ask: (question: string, action: () => Promise<unknown>) => void } {
  const intl = useIntl();
  const [pending, setPending] = useState<{ question: string; action: () => Promise<unknown> } | null>(null);
  const element = (
    <ConfirmDialog
      question={pending?.question ?? null}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const action = pending?.action;
        setPending(null);
        if (!action) return;
        action().then(
          (result) => {
            if (typeof result !== 'boolean') notify('success', intl.formatMessage({ id: 'form.done' }), 3000);
          },
          () => undefined,
        );
      }}
    />
  );
  return { element, ask: (question, action) => setPending({ question, action }) };
}
