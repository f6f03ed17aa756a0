import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs` (a countdown's second hand). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Time left as days and a clock: `{ days: 1, clock: '02:05:09' }`; null once the start has passed. */
export function timeLeft(startsAt: string, now: number): { days: number; clock: string } | null {
  const ms = Date.parse(startsAt) - now;
  if (!(ms > 0)) return null;
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return { days, clock };
}

/** The service's start as the church's people read it: in the church's time zone, in the visitor's language. */
export function formatStart(startsAt: string, timeZone: string, locale: string): string {
  // A visitor in the church's own zone reads the time alone; anyone else its zone by name
  // ("Horário de Verão da Austrália Oriental"), never an offset such as "GMT+11".
  const here = new Intl.DateTimeFormat().resolvedOptions().timeZone === timeZone;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone, ...(here ? {} : { timeZoneName: 'long' as const }) }).format(new Date(startsAt));
}
