/** `value`, changed only after it has stayed the same for `ms` milliseconds (search boxes). */
import { useEffect, useState } from 'react';
import { DEFAULT_DEBOUNCE_MS } from '../utils/debounce';

export function useDebounced<T>(value: T, ms: number = DEFAULT_DEBOUNCE_MS): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
