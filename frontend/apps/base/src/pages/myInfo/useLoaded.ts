// What a read-only page shows, loaded once when it opens; null while loading or after a failure
// (the API client has said why).
import { useEffect, useState } from 'react';

export function useLoaded<T>(load: () => Promise<T>, key: string): { data: T | null; done: boolean } {
  const [state, setState] = useState<{ data: T | null; done: boolean }>({ data: null, done: false });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, done: true }),
      () => live && setState({ data: null, done: true }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` asks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
