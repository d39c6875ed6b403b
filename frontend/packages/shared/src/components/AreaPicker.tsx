// Where a hotel, a zone or a scenic spot is: a country of the platform's list, then maybe one of
// its provinces, then maybe one of that province's cities (saas-main GET /saas/area/country/list
// and /saas/area/areaInfo/list?parentCode=). The value is the deepest code chosen (`CN`, `CN-ZJ`,
// `CN-ZJ-HZ`) or '' for none; a code starts with its parent's, so the boxes are read back from
// it. Only areas in use are offered; a current value the lists leave out (disabled since, or
// unknown) still shows, as its code. Nothing is asked before the value names a country or the
// country box is opened, nor by a user without the codes of the two lists.
import { useCallback, useState } from 'react';
import { Autocomplete, Box, createFilterOptions, FormHelperText, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { api, type Page } from '../api';
import type { SaasMainApi } from '../api-types';
import { PERM } from '../constants';
import type { Form, FormValues } from './form';
import { useHolds } from './perm';
import { useLoaded } from './useOptions';

/** A country, province or city as the boxes offer it (a country answers no more than these). */
type Place = Pick<SaasMainApi['schemas']['Area'], 'code' | 'name' | 'nameEn'>;

const NONE: Place[] = [];
/** Provinces of a country and cities of a province fit one page (the lists' most). */
const ALL = 500;
const IN_USE = 1;

/** The codes of the country, province and city a value names ('' where it names none). */
export function areaLevels(value: string): { country: string; province: string; city: string } {
  const parts = value.trim() ? value.trim().split('-') : [];
  return {
    country: parts[0] ?? '',
    province: parts.length >= 2 ? parts.slice(0, 2).join('-') : '',
    city: parts.length >= 3 ? value.trim() : '',
  };
}

const search = createFilterOptions<Place>({ stringify: (p) => `${p.name} ${p.nameEn} ${p.code}` });

function useAreas(parentCode: string, level: 2 | 3, holds: boolean): Place[] {
  return useLoaded(
    holds && parentCode
      ? () =>
          api
            .get<Page<Place>>('saas-main', '/saas/area/areaInfo/list', { query: { parentCode, level, state: IN_USE, page: 1, resultNum: ALL } })
            .then((p) => p?.results ?? NONE)
      : null,
    holds && parentCode ? `areas-${parentCode}` : '',
    NONE,
  );
}

interface BoxProps {
  label: string;
  places: Place[];
  code: string;
  onChange: (code: string | null) => void;
  onOpen?: () => void;
  disabled: boolean;
  error: boolean;
  testId?: string;
  required?: boolean;
  /** In a form (dense margins) rather than a search row. */
  dense: boolean;
}

function PlaceBox({ label, places, code, onChange, onOpen, disabled, error, testId, required, dense }: BoxProps) {
  const intl = useIntl();
  const zh = intl.locale.startsWith('zh');
  // The current code stays shown while its list loads, and after when the list leaves it out.
  const current = code ? (places.find((p) => p.code === code) ?? { code, name: '', nameEn: '' }) : null;
  const options = current && !places.includes(current) ? [...places, current] : places;
  // One function while the language stays: a new one would make the box retype what it shows.
  const text = useCallback(
    (p: Place) => {
      const name = zh ? p.name || p.nameEn : p.nameEn || p.name;
      return name ? `${name} (${p.code})` : p.code;
    },
    [zh],
  );
  return (
    <Autocomplete<Place>
      options={options}
      value={current}
      onChange={(_, p) => onChange(p ? p.code : null)}
      onOpen={onOpen}
      getOptionLabel={text}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={search}
      disabled={disabled}
      size="small"
      autoHighlight
      noOptionsText={intl.formatMessage({ id: 'area.none' })}
      clearText={intl.formatMessage({ id: 'area.clear' })}
      openText={intl.formatMessage({ id: 'area.open' })}
      closeText={intl.formatMessage({ id: 'area.close' })}
      renderOption={(props, p) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {text(p)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          margin={dense ? 'dense' : 'none'}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}

export interface AreaPickerProps {
  value: string;
  onChange: (code: string) => void;
  /** Message id of the country box's label (the field's name). */
  label: string;
  /** Of the country box's input; the province's and city's are `{testId}-province`, `{testId}-city`. */
  testId?: string;
  /** A problem (already translated) shown under the boxes. */
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** The width of each box in a search row; the boxes share the width they are given otherwise. */
  width?: number;
  /** Spans both columns of a form. */
  wide?: boolean;
}

export function AreaPicker({ value, onChange, label, testId, error, disabled = false, required, width, wide }: AreaPickerProps) {
  const intl = useIntl();
  const { country, province, city } = areaLevels(value);
  const mayCountries = useHolds(PERM.area.countries);
  const mayAreas = useHolds(PERM.area.list);
  const [opened, setOpened] = useState(false);
  const wantCountries = mayCountries && (opened || country !== '');
  const countries = useLoaded(
    wantCountries ? () => api.get<Place[]>('saas-main', '/saas/area/country/list').then((cs) => (Array.isArray(cs) ? cs : NONE)) : null,
    wantCountries ? 'area-countries' : '',
    NONE,
  );
  const provinces = useAreas(country, 2, mayAreas);
  const cities = useAreas(province, 3, mayAreas);
  const problem = Boolean(error);
  const boxes = width
    ? { display: 'flex', gap: 1, alignItems: 'center', '& > *': { width } }
    : { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 2 };
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined} data-testid={testId ? `${testId}-picker` : undefined}>
      <Box sx={boxes}>
        <PlaceBox
          label={intl.formatMessage({ id: label })}
          places={countries}
          code={country}
          onChange={(c) => onChange(c ?? '')}
          onOpen={() => setOpened(true)}
          disabled={disabled}
          error={problem}
          dense={!width}
          testId={testId}
          required={required}
        />
        <PlaceBox
          label={intl.formatMessage({ id: 'area.province' })}
          places={provinces}
          code={province}
          onChange={(c) => onChange(c ?? country)}
          disabled={disabled || !country}
          error={problem}
          dense={!width}
          testId={testId && `${testId}-province`}
        />
        <PlaceBox
          label={intl.formatMessage({ id: 'area.city' })}
          places={cities}
          code={city}
          onChange={(c) => onChange(c ?? province)}
          disabled={disabled || !province}
          error={problem}
          dense={!width}
          testId={testId && `${testId}-city`}
        />
      </Box>
      {!width && (
        <FormHelperText error={problem} sx={{ mx: 1.75, mt: 0 }} data-testid={testId ? `${testId}-error` : undefined}>
          {error ?? ' '}
        </FormHelperText>
      )}
    </Box>
  );
}

/** The picker as a field of a form: its value is `form.values[name]`, a 412 naming it shows under it. */
export function FormArea<V extends FormValues>({ form, name, label, disabled, required }: { form: Form<V>; name: keyof V & string; label: string; disabled?: boolean; required?: boolean }) {
  return (
    <AreaPicker
      value={String(form.values[name] ?? '')}
      onChange={(code) => form.set(name, code as V[typeof name])}
      label={label}
      testId={`field-${name}`}
      error={form.errors[name]}
      disabled={disabled || form.busy}
      required={required}
      wide
    />
  );
}
