import { getTimes } from 'suncalc';
import { addDays } from '../resources/kit';

/*
 * Dusk and darkness for the calendar's "night times" (spec 000 §3): a lesson then can count
 * as the night drive (FahrschAusbO Anlage 4: Schulung bei Dämmerung oder Dunkelheit). From
 * sunset on a day to sunrise on the next morning, by SunCalc (mourner/suncalc, the usual
 * astronomical formulas), in Europe/Berlin time.
 *
 * Where: the branch's or school's postal code. Without geocoding (no network), the first digit
 * of a German postal code names its postal zone, and the zone's rough centre stands for the
 * place. Sunset differs by about 4 minutes per degree of longitude, so the figure is within
 * about ±10 minutes inside a zone — the calendar shades the time, it does not decide the
 * hour type. Unknown places use the centre of Germany.
 */

type Place = { lat: number; lng: number };

/** Rough centres of the ten German postal zones (Postleitzone 0–9). */
const POSTAL_ZONES: readonly Place[] = [
  { lat: 51.1, lng: 13.0 }, // 0 Sachsen, Südbrandenburg, Thüringen Ost
  { lat: 53.0, lng: 13.3 }, // 1 Berlin, Brandenburg, Mecklenburg-Vorpommern
  { lat: 53.6, lng: 9.9 }, // 2 Hamburg, Schleswig-Holstein, Bremen, Niedersachsen Nord
  { lat: 52.0, lng: 9.9 }, // 3 Niedersachsen Süd, Nordhessen, Sachsen-Anhalt West
  { lat: 51.7, lng: 7.4 }, // 4 Ruhrgebiet, Münsterland, Emsland
  { lat: 50.7, lng: 7.1 }, // 5 Köln, Bonn, Aachen, Rheinland-Pfalz Nord
  { lat: 49.9, lng: 8.3 }, // 6 Frankfurt, Saarland, Mannheim
  { lat: 48.6, lng: 9.0 }, // 7 Stuttgart, Baden
  { lat: 48.1, lng: 11.6 }, // 8 München, Oberbayern, Schwaben
  { lat: 49.6, lng: 11.1 }, // 9 Nürnberg, Franken, Oberpfalz, Thüringen West
];
const GERMANY: Place = { lat: 51.2, lng: 10.4 };

export function placeOfPostalCode(postalCode: string | null | undefined): Place {
  const zone = postalCode && /^\d{5}$/.test(postalCode.trim()) ? Number(postalCode.trim()[0]) : -1;
  return POSTAL_ZONES[zone] ?? GERMANY;
}

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const hhmm = (instant: Date | null, fallback: string) =>
  instant && !Number.isNaN(instant.getTime()) ? berlinTime.format(instant) : fallback;

/** Noon UTC of an ISO day: SunCalc takes the solar day of the instant it is given. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

export type NightTime = { date: string; from: string; to: string };

/**
 * The night times computed so far, by day and place: the day and the place decide them, and
 * every calendar of the week asks for the same few (eleven places). Emptied when full.
 */
const computed = new Map<string, NightTime>();
const COMPUTED_LIMIT = 10_000;

/** The night time of one day at `place`. */
function nightTime(day: string, place: Place): NightTime {
  const key = `${day} ${place.lat} ${place.lng}`;
  let night = computed.get(key);
  if (!night) {
    const evening = getTimes(noon(day), place.lat, place.lng);
    const morning = getTimes(noon(addDays(day, 1)), place.lat, place.lng);
    night = {
      date: day,
      from: hhmm(evening.sunset, '18:00'),
      to: hhmm(morning.sunrise, '06:00'),
    };
    if (computed.size >= COMPUTED_LIMIT) computed.clear();
    computed.set(key, night);
  }
  return night;
}

/** The night times of every day from `from` to `to` (inclusive) at `place`. */
export function nightTimes(from: string, to: string, place: Place): NightTime[] {
  const result: NightTime[] = [];
  // A copy each: the answer is the caller's to change.
  for (let day = from; day <= to; day = addDays(day, 1)) result.push({ ...nightTime(day, place) });
  return result;
}
