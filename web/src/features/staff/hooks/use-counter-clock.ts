/**
 * What the counter's tables judge dates by: the business's time zone, as the deployment says
 * (config.json), and a clock moved on every half minute, against which prizes expire.
 */
import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../../../config/runtime';

/** How often the rows' expiry is judged again. */
const EXPIRY_CLOCK_MS = 30_000;

/** The business's time zone; undefined until config.json is read (or if it cannot be). */
export function useTimeZone(): string | undefined {
  const [timeZone, setTimeZone] = useState<string>();
  useEffect(() => {
    loadRuntimeConfig()
      .then((config) => setTimeZone(config.timeZone))
      .catch(() => undefined);
  }, []);
  return timeZone;
}

/** The time expiry is judged at, and a way to move it on at once (a redeem refused as expired). */
export function useExpiryClock(): [Date, () => void] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), EXPIRY_CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return [now, () => setNow(new Date())];
}
