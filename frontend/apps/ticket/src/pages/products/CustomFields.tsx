// The product form's custom fields: a row each (name, `typeFieldForm`, required, the options of a
// select field, comma-separated), kept in the form as JSON text so its rules and ticket-app's 412
// (`customFields`, `customFields[1].name` ...) show here.
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useEnumOptions, type Form } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { FIELD_FORM } from '../../enums';
import { draftsOf, FIELD_FORM_SELECT, MAX_CUSTOM_FIELDS, type CustomFieldDraft, type ProductFormValues } from './productForm';

const C = 'ticket.productForm.custom';

export function CustomFields({ form }: { form: Form<ProductFormValues> }) {
  const intl = useIntl();
  const types = useEnumOptions(FIELD_FORM);
  const drafts = draftsOf(form.values);
  const put = (next: CustomFieldDraft[]) => form.set('customFields', JSON.stringify(next));
  const change = (i: number, part: Partial<CustomFieldDraft>) => put(drafts.map((d, j) => (j === i ? { ...d, ...part } : d)));
  const problems = Object.entries(form.errors)
    .filter(([k, v]) => k.startsWith('customFields') && v)
    .map(([, v]) => v as string);
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="custom-fields">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id={`${C}.title`} />
        </Typography>
        <Button
          size="small"
          disabled={form.busy || drafts.length >= MAX_CUSTOM_FIELDS}
          onClick={() => put([...drafts, { name: '', fieldType: '1', required: false, options: '' }])}
          data-testid="custom-add"
        >
          <FormattedMessage id={`${C}.add`} />
        </Button>
      </Box>
      {drafts.map((d, i) => (
        <Box key={i} sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1fr auto 2fr auto', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            margin="dense"
            label={intl.formatMessage({ id: `${C}.name` })}
            value={d.name}
            onChange={(e) => change(i, { name: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `custom-name-${i}` } }}
          />
          <TextField
            size="small"
            margin="dense"
            select
            label={intl.formatMessage({ id: `${C}.fieldType` })}
            value={d.fieldType}
            onChange={(e) => change(i, { fieldType: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `custom-type-${i}` } }}
          >
            {types.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.text}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            label={intl.formatMessage({ id: `${C}.required` })}
            control={<Checkbox size="small" checked={d.required} onChange={(e) => change(i, { required: e.target.checked })} />}
          />
          <TextField
            size="small"
            margin="dense"
            label={intl.formatMessage({ id: `${C}.options` })}
            value={d.options}
            disabled={d.fieldType !== FIELD_FORM_SELECT}
            onChange={(e) => change(i, { options: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `custom-options-${i}` } }}
          />
          <IconButton size="small" aria-label={intl.formatMessage({ id: `${C}.remove` })} onClick={() => put(drafts.filter((_, j) => j !== i))} data-testid={`custom-remove-${i}`}>
            ×
          </IconButton>
        </Box>
      ))}
      {problems.map((p) => (
        <FormHelperText key={p} error>
          {p}
        </FormHelperText>
      ))}
    </Box>
  );
}
