// Enumerations shown as translated labels: each value has the message `<id>.<value>`; a value
// the console does not know is shown as it is, a boolean as 1 (true) or 0 (false).
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
export function useEnumLabel(): (e: Enumeration, value: number | string | boolean | null | undefined) => string {
  const intl = useIntl();
  return (e, given) => {
    if (given === null || given === undefined) return '--';
    const value = typeof given === 'boolean' ? Number(given) : given;
    return e.values.includes(value) ? intl.formatMessage({ id: labelId(e, value) }) : String(value);
  };
}
