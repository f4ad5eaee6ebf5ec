import { useEffect, useState } from 'preact/hooks';

/** The time, refreshed every `ms`: for clocks that count down on screen. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
