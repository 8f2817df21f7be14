import { useEffect, useState } from 'react';

/** The browser's time, read again every minute: the time left to answer a request counts down on screen. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
