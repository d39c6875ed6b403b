// A date-and-time field of a mall form (`datetime-local`), bound to the form like the shared
// fields: its label translated, the form's problem under it, `field-<name>` to find it.
import { TextField } from '@mui/material';
import type { Form, FormValues } from '@tradewind/shared';
import { useIntl } from 'react-intl';

export function DateTimeField<V extends FormValues>({
  form,
  name,
  label,
  required,
}: {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  required?: boolean;
}) {
  const intl = useIntl();
  const error = form.errors[name];
  return (
    <TextField
      type="datetime-local"
      label={intl.formatMessage({ id: label })}
      required={required}
      disabled={form.busy}
      error={Boolean(error)}
      helperText={error ?? ' '}
      size="small"
      margin="dense"
      value={String(form.values[name])}
      onChange={(e) => form.set(name, e.target.value as V[typeof name])}
      slotProps={{ htmlInput: { 'data-testid': `field-${name}` }, inputLabel: { shrink: true } }}
    />
  );
}
