import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: a search asked as the author types waits for a pause. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
