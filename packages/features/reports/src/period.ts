/*
 * The report period: presets, validation and the filter the reports send. Pure functions on
 * ISO dates (`YYYY-MM-DD`, calendar days without a time zone); `today` is passed in, so the
 * presets are tested without a clock.
 */

import { LICENSE_CLASSES } from '@fahrwerk/api';
import type { LicenseClass, ReportFilter } from './api/report-queries';

export const PERIOD_PRESETS = [
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
  'last12Months',
  'custom',
] as const;

export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** What the filter bar holds; `toReportFilter` makes the request body of it. */
export type ReportFilterState = {
  preset: PeriodPreset;
  /** `YYYY-MM-DD`, or `''` while a custom date is not entered. */
  from: string;
  to: string;
  branchId: number | null;
  instructorId: number | null;
  licenseClass: LicenseClass | null;
};

export type Period = { from: string; to: string };

/** Why a period cannot be sent (text keys `filter.error.<reason>`). */
export type PeriodError = 'missing' | 'order' | 'tooLong';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a year, a month (1–12) and a day. */
export const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Year and month (1–12) of an ISO date or month (`YYYY-MM`). */
export function yearMonth(value: string): { year: number; month: number } {
  return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)) };
}

/** A real calendar day written as `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The days of a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `delta` months after (or before) the given one. */
export function shiftMonth(year: number, month: number, delta: number) {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and the last day of a month. */
export function monthPeriod(year: number, month: number): Period {
  return { from: isoDate(year, month, 1), to: isoDate(year, month, daysInMonth(year, month)) };
}

/**
 * The period of a preset on `today`: whole calendar months and years, both days included.
 * "Letzte 12 Monate" are the current month and the eleven before it. `custom` has none.
 */
export function presetPeriod(preset: PeriodPreset, today: string): Period | null {
  const { year, month } = yearMonth(today);
  switch (preset) {
    case 'thisMonth':
      return monthPeriod(year, month);
    case 'lastMonth': {
      const last = shiftMonth(year, month, -1);
      return monthPeriod(last.year, last.month);
    }
    case 'thisYear':
      return { from: isoDate(year, 1, 1), to: isoDate(year, 12, 31) };
    case 'lastYear':
      return { from: isoDate(year - 1, 1, 1), to: isoDate(year - 1, 12, 31) };
    case 'last12Months': {
      const first = shiftMonth(year, month, -11);
      return { from: isoDate(first.year, first.month, 1), to: monthPeriod(year, month).to };
    }
    case 'custom':
      return null;
  }
}

/** The days from `from` to `to`, both included (1 for a single day). */
export function daysInPeriod({ from, to }: Period): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The contract's longest report period: ten years (`from` + 10 years is too long). */
export const MAX_REPORT_YEARS = 10;
/** `POST /driving-schools/report/{id}` takes at most this many days. */
export const MAX_SCHOOL_REPORT_DAYS = 366;
/** `POST /reports/inspection-pack` takes at most this many days. */
export const MAX_INSPECTION_PACK_DAYS = 92;

/** What is wrong with a period, or null: both days entered, `from` ≤ `to`, at most ten years. */
export function periodError({ from, to }: Period): PeriodError | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'missing';
  if (from > to) return 'order';
  const { year, month } = yearMonth(from);
  const limit = isoDate(year + MAX_REPORT_YEARS, month, Number(from.slice(8, 10)));
  if (to >= limit) return 'tooLong';
  return null;
}

/** What is wrong with an inspection pack's period (both days, in order, at most 92 days). */
export function inspectionPackPeriodError({ from, to }: Period): PeriodError | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'missing';
  if (from > to) return 'order';
  if (daysInPeriod({ from, to }) > MAX_INSPECTION_PACK_DAYS) return 'tooLong';
  return null;
}

/** The default filter: this year, no restrictions. */
export function defaultFilter(today: string): ReportFilterState {
  const period = presetPeriod('thisYear', today) as Period;
  return { preset: 'thisYear', ...period, branchId: null, instructorId: null, licenseClass: null };
}

/** The filter after choosing a preset: its period (a custom one keeps the dates shown). */
export function withPreset(
  state: ReportFilterState,
  preset: PeriodPreset,
  today: string,
): ReportFilterState {
  const period = presetPeriod(preset, today);
  return period ? { ...state, preset, ...period } : { ...state, preset };
}

/** The request body of the reports, or null while the period cannot be sent. */
export function toReportFilter(state: ReportFilterState): ReportFilter | null {
  if (periodError(state) !== null) return null;
  return {
    from: state.from,
    to: state.to,
    ...(state.branchId !== null ? { branchIds: [state.branchId] } : {}),
    ...(state.instructorId !== null ? { instructorIds: [state.instructorId] } : {}),
    ...(state.licenseClass !== null ? { licenseClasses: [state.licenseClass] } : {}),
  };
}

/* The filter in a URL's query (`?period=lastMonth&branch=2` or `?from=…&to=…`), for hosts
   that keep it there. Values come as the router parsed them: strings or numbers. */

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The filter a URL query describes; what is missing or unreadable falls back to the default. */
export function filterFromSearch(
  search: Record<string, unknown>,
  today: string,
): ReportFilterState {
  const base = defaultFilter(today);
  const restrictions = {
    branchId: positiveId(search.branch),
    instructorId: positiveId(search.instructor),
    licenseClass: LICENSE_CLASSES.find((value) => value === String(search.class ?? '')) ?? null,
  };
  const preset = PERIOD_PRESETS.find((value) => value === search.period);
  if (preset && preset !== 'custom') {
    return { ...withPreset(base, preset, today), ...restrictions };
  }
  if (isIsoDate(search.from) || isIsoDate(search.to) || preset === 'custom') {
    return {
      ...base,
      preset: 'custom',
      from: isIsoDate(search.from) ? search.from : '',
      to: isIsoDate(search.to) ? search.to : '',
      ...restrictions,
    };
  }
  return { ...base, ...restrictions };
}

/** The URL query of a filter (the inverse of `filterFromSearch`); the default adds nothing. */
export function searchOfFilter(state: ReportFilterState): Record<string, string> {
  const search: Record<string, string> = {};
  if (state.preset === 'custom') {
    search.period = 'custom';
    if (state.from) search.from = state.from;
    if (state.to) search.to = state.to;
  } else if (state.preset !== 'thisYear') {
    search.period = state.preset;
  }
  if (state.branchId !== null) search.branch = String(state.branchId);
  if (state.instructorId !== null) search.instructor = String(state.instructorId);
  if (state.licenseClass !== null) search.class = state.licenseClass;
  return search;
}
