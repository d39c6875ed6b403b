// Enumerations shown as translated labels: each value has the message `<id>.<value>`; a value
// the console does not know is shown as it is.
import { useIntl } from 'react-intl';

export interface Enumeration {
  /** Message id prefix (`hotel.enum.orderState`). */
  id: string;
  values: readonly (number | string)[];
}

export function labelId(e: Enumeration, value: number | string): string {
  return `${e.id}.${value}`;
}

/** A function that labels a value of an enumeration in the current language. */
export function useEnumLabel(): (e: Enumeration, value: number | string | null | undefined) => string {
  const intl = useIntl();
  return (e, value) => {
    if (value === null || value === undefined) return '--';
    return e.values.includes(value) ? intl.formatMessage({ id: labelId(e, value) }) : String(value);
  };
}
