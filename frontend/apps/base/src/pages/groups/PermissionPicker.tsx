// The codes a permission group grants, picked from the catalogue (over a hundred codes): a
// filter, then the codes by area (the second path segment: account, boss, order ...), each area
// with a box ticking all its codes. Grants the catalogue does not list (a subtree such as
// `/saas/order/**`) are kept and shown first, so saving a group never drops them silently.
import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, FormHelperText, TextField, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Option } from '@tradewind/shared';

/** `/saas/account/user/list:GET` -> `account`. */
export function areaOf(code: string): string {
  return code.split('/')[2] ?? '';
}

interface Props {
  catalogue: Option[];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  disabled?: boolean;
}

export function PermissionPicker({ catalogue, value, onChange, error, disabled }: Props) {
  const intl = useIntl();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  // An area a newer service brings before the console knows its name shows its path segment.
  const areaName = (area: string) => (`base.groups.area.${area}` in intl.messages ? intl.formatMessage({ id: `base.groups.area.${area}` }) : area);
  const needle = filter.trim().toLowerCase();
  const shown = catalogue.filter((o) => !needle || o.text.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle));
  const areas = new Map<string, Option[]>();
  for (const o of shown) areas.set(areaOf(o.value), [...(areas.get(areaOf(o.value)) ?? []), o]);
  const others = value.filter((c) => !catalogue.some((o) => o.value === c));
  const toggle = (codes: string[], on: boolean) => onChange(on ? [...value, ...codes.filter((c) => !chosen.has(c))] : value.filter((c) => !codes.includes(c)));

  return (
    <Box sx={{ gridColumn: '1 / -1', mt: 1 }} data-testid="permission-picker">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle2">
          <FormattedMessage id="base.groups.fields.permCodes" /> ({value.length})
        </Typography>
        <TextField
          size="small"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={intl.formatMessage({ id: 'base.groups.filterCodes' })}
          slotProps={{ htmlInput: { 'data-testid': 'permission-filter' } }}
          sx={{ flex: 1 }}
        />
      </Box>
      <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, maxHeight: 320, overflowY: 'auto', px: 1.5, py: 1 }}>
        {others.map((c) => (
          <FormControlLabel
            key={c}
            sx={{ display: 'flex' }}
            label={<Typography variant="body2">{c}</Typography>}
            control={<Checkbox size="small" checked disabled={disabled} onChange={() => toggle([c], false)} />}
          />
        ))}
        {[...areas.entries()].map(([area, options]) => {
          const codes = options.map((o) => o.value);
          const held = codes.filter((c) => chosen.has(c)).length;
          return (
            <Box key={area} sx={{ mb: 0.5 }}>
              <FormControlLabel
                label={<Typography variant="body2" sx={{ fontWeight: 600 }}>{`${areaName(area)} (${held}/${codes.length})`}</Typography>}
                control={
                  <Checkbox
                    size="small"
                    checked={held === codes.length}
                    indeterminate={held > 0 && held < codes.length}
                    disabled={disabled}
                    onChange={(e) => toggle(codes, e.target.checked)}
                    slotProps={{ input: { 'data-testid': `area-${area}` } as object }}
                  />
                }
              />
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(330px, 1fr))', pl: 3 }}>
                {options.map((o) => (
                  <FormControlLabel
                    key={o.value}
                    title={o.value}
                    label={<Typography variant="body2">{o.text}</Typography>}
                    control={
                      <Checkbox
                        size="small"
                        checked={chosen.has(o.value)}
                        disabled={disabled}
                        onChange={(e) => toggle([o.value], e.target.checked)}
                        slotProps={{ input: { 'data-testid': `code-${o.value}` } as object }}
                      />
                    }
                  />
                ))}
              </Box>
            </Box>
          );
        })}
        {areas.size === 0 && others.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="table.empty" />
          </Typography>
        )}
      </Box>
      <FormHelperText error={Boolean(error)}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}
