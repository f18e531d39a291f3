/** True once a load has taken longer than the seed's loading timeout (3 s; 5 s on a slow link). */
import { useEffect, useState } from 'react';
import { loadingTimeout } from './queryClient';

export function useLoadingSlow(loading: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), loadingTimeout());
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [loading]);
  return loading && slow;
}
