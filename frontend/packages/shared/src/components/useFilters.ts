// A list page's filters: what the form shows (draft), what the table was last asked with
// (applied), and a generation that moves back to the first page when the filters change.
import { useState } from 'react';

export interface Filters<F> {
  draft: F;
  applied: F;
  /** Changes when the user inquires or resets: the table goes back to its first page. */
  generation: number;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  inquire: () => void;
  reset: () => void;
  /** Loads the current page again with the same filters (after an action on a row). */
  refresh: () => void;
}

/** `empty` is what Reset goes back to; `initial` what the page opens with (from the URL). */
export function useFilters<F extends object>(empty: F, initial: F = empty): Filters<F> {
  const [draft, setDraft] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const [generation, setGeneration] = useState(0);
  return {
    draft,
    applied,
    generation,
    set: (key, value) => setDraft((d) => ({ ...d, [key]: value })),
    inquire: () => {
      setApplied({ ...draft });
      setGeneration((g) => g + 1);
    },
    reset: () => {
      setDraft(empty);
      setApplied(empty);
      setGeneration((g) => g + 1);
    },
    refresh: () => setApplied((a) => ({ ...a })),
  };
}
