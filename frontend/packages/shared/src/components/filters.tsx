// The fields of a search row: text, a select of an enumeration or of loaded choices (with "all"),
// a date. Values are strings; an empty one is not sent.
import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Enumeration } from './enum';
import { useEnumOptions, type Option } from './form';

interface FieldProps {
  /** Message id of the label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
  testId?: string;
}

export function TextFilter({ label, value, onChange, width = 180, testId, digits }: FieldProps & { digits?: boolean }) {
  const intl = useIntl();
  return (
    <TextField
      size="small"
      label={intl.formatMessage({ id: label })}
      value={value}
      onChange={(e) => onChange(digits ? e.target.value.replace(/\D/g, '') : e.target.value)}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: digits ? 'numeric' : undefined } }}
    />
  );
}

export function SelectFilter({
  label,
  value,
  onChange,
  width = 160,
  testId,
  enumeration,
  options: choices,
  allValue = '',
  noAll,
}: FieldProps & { allValue?: string; noAll?: boolean } & ({ enumeration: Enumeration; options?: never } | { options: Option[]; enumeration?: never })) {
  const intl = useIntl();
  const labelled = useEnumOptions(enumeration);
  const options: { value: string; text: ReactNode }[] = [
    ...(noAll ? [] : [{ value: allValue, text: intl.formatMessage({ id: 'filter.all' }) }]),
    ...(enumeration ? labelled : choices),
  ];
  return (
    <TextField
      select
      size="small"
      label={intl.formatMessage({ id: label })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function DateFilter({ label, value, onChange, width = 170, testId }: FieldProps) {
  const intl = useIntl();
  return (
    <TextField
      type="date"
      size="small"
      label={intl.formatMessage({ id: label })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
}
