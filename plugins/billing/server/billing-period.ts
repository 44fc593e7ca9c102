/**
 * The period usage is counted in: the subscription's paid period, or the calendar month (UTC) on
 * the free plan. A local subscription is never renewed by anyone, so its period rolls on by whole
 * months from its start.
 */
export interface Period {
  start: Date;
  end: Date;
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: addMonths(start, 1) };
}

export function periodContaining(start: Date, end: Date, now: Date): Period {
  if (now >= start && now < end) return { start, end };
  if (now < start) return calendarMonth(now);
  let from = new Date(start);
  // A year of months at most; anything older is simply this calendar month.
  for (let months = 1; months <= 12 * 50; months += 1) {
    const to = addMonths(start, months);
    if (now < to) return { start: from, end: to };
    from = to;
  }
  return calendarMonth(now);
}

export const oneMonthFrom = (date: Date): Date => addMonths(date, 1);
