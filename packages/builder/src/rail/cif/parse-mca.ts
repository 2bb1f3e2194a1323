import type { Dataset } from '../../dataset.js';
import type { FeedSource } from '../../source/feed-source.js';
import { readLines } from '../../source/lines.js';
import { BuildError } from '../../issues.js';
import type { Progress } from '../../progress.js';
import { cifDay, cifDays, field, NO_CIF_TIME } from './cif-fields.js';
import { CifCalls, type CifSchedule, type StpIndicator } from './cif-schedule.js';
import { parseLocationTimes, callFlags, isAdvertisedCategory, type LocationTimes } from './location-call.js';

/** Every schedule of an MCA (deleted ones removed) and their passenger calls. */
export interface ParsedMca {
  schedules: CifSchedule[];
  calls: CifCalls;
  /** Period the file is valid for (day numbers), from its HD header; NaN when it has none. */
  period: CifPeriod;
}

/** HD user start and end dates, day numbers (NaN when absent). */
export interface CifPeriod {
  from: number;
  to: number;
}

/** Train statuses carrying passengers: P/1 train, B/5 bus, S/4 ship (the digit is the STP form). */
const PASSENGER_STATUS = new Set(['P', '1', 'B', '5', 'S', '4']);
const DAY = 86_400;
/** Record types every MCA has (some extracts, such as dtd2mysql fixtures, lack the HD header). */
const CIF_RECORDS = new Set(['HD', 'TI', 'BS', 'ZZ']);

/**
 * Streams an RDG CIF timetable (`*.MCA`, or `*.ZTR` Z-trains: buses and ships) line by line.
 * BS opens a schedule (N new, R revise, D delete, keyed by UID + date runs from + STP), BX gives
 * its ATOC operator code, LO/LI/LT its locations. A location is a call only at a station
 * (`stationTiploc` maps the location field to a TIPLOC with a CRS code, '' for junctions and
 * timing points) where passengers may board or alight (see callFlags); passes still move the
 * clock, so times after midnight of the origin's day exceed 24:00. Freight and trip schedules
 * are skipped; CR (change en route) and AA (association) records are ignored: calls keep the
 * train's identity from BS/BX, and joined or divided portions stay separate trains.
 */
export async function parseMca(
  ds: Dataset,
  source: FeedSource,
  file: string,
  stationTiploc: (location: string) => string,
  /** Period to use when the file's own HD header has none (a ZTR takes its MCA's). */
  defaultPeriod: CifPeriod = { from: NaN, to: NaN },
  progress?: Progress,
): Promise<ParsedMca> {
  const where = `${source.name}:${file}`;
  const calls = new CifCalls();
  const byKey = new Map<string, CifSchedule>();
  let current: CifSchedule | null = null;
  let advertised = false;
  let ref = NaN; // last normalised working time of the current schedule (seconds from its day's midnight)
  let prevDep = 0;
  let seq = 0;
  const issue = (line: number, code: string, entityId: string, f: string, value: string, message: string) =>
    ds.issues.add({ code, severity: 'error', file: where, line, entityId, field: f, value, message });

  /** Abandons the current schedule (a bad record): its calls are dropped. */
  const drop = () => {
    if (!current) return;
    calls.truncate(current.callStart);
    byKey.delete(keyOf(current));
    current = null;
  };
  const finish = () => {
    if (current) current.callEnd = calls.length;
    current = null;
  };

  const onBs = (text: string, line: number) => {
    finish();
    const uid = field(text, 3, 6);
    const from = cifDay(text, 9);
    const to = text.startsWith('999999', 15) ? Infinity : cifDay(text, 15); // open-ended: clamped to the window below
    const days = cifDays(text, 21);
    const stp = text[79] as StpIndicator;
    const transaction = text[2];
    if (!/^[A-Z0-9]{6}$/.test(uid)) return issue(line, 'bad_schedule', uid, 'train_uid', uid, 'BS record without a 6-character train UID; schedule skipped');
    if (Number.isNaN(from) || Number.isNaN(to) || to < from) return issue(line, 'bad_date', uid, 'date_runs_from', text.slice(9, 21), 'schedule dates missing, malformed or reversed; schedule skipped');
    if (Number.isNaN(days)) return issue(line, 'bad_days', uid, 'days_run', text.slice(21, 28), 'days run is not seven 0/1 flags; schedule skipped');
    if (!stp || !'CNOP'.includes(stp)) return issue(line, 'bad_stp', uid, 'stp_indicator', stp ?? '', 'STP indicator is not C, N, O or P; schedule skipped');
    const key = `${uid}|${from}|${stp}`;
    if (transaction === 'D' || transaction === 'R') byKey.delete(key); // update files: delete, or revise = delete + new
    if (transaction === 'D') return;
    if (byKey.has(key)) return issue(line, 'duplicate_id', uid, 'train_uid', key, 'schedule with this UID, start date and STP listed twice; first kept');
    const status = text[29] ?? ' ';
    if (stp !== 'C' && !PASSENGER_STATUS.has(status)) return; // freight, light engines, trips: not for passengers
    const category = text.slice(30, 32);
    advertised = isAdvertisedCategory(category);
    ref = NaN;
    prevDep = 0;
    current = { uid, runsFrom: from, from, to, days, stp, status, category, identity: field(text, 32, 4), atoc: '', callStart: calls.length, callEnd: calls.length, line, seq: seq++ };
    byKey.set(key, current);
  };

  /** A working or public time as seconds from the origin day's midnight, nearest to `near`. */
  const normalise = (t: number, near: number) => (t === NO_CIF_TIME || Number.isNaN(near) ? t : t + DAY * Math.round((near - t) / DAY));
  /** Moves the schedule's clock to a working time (passes included): how midnight is noticed. */
  const advance = (w: number) => {
    if (w !== NO_CIF_TIME) ref = Number.isNaN(ref) ? w : normalise(w, ref);
  };

  const onLocation = (type: 'LO' | 'LI' | 'LT', text: string, line: number) => {
    if (!current) return;
    const t = parseLocationTimes(type, text);
    if (Number.isNaN(t.workArr + t.workDep + t.pass + t.pubArr + t.pubDep)) {
      issue(line, 'bad_time', current.uid, 'time', text.slice(10, 33).trim(), 'location time is not HHMM; schedule skipped');
      return drop();
    }
    advance(t.workArr);
    advance(t.workDep);
    advance(t.pass);
    const flags = callFlags(type, t, advertised);
    const tiploc = flags < 0 ? '' : stationTiploc(field(text, 2, 7));
    if (!tiploc) return;
    const [arr, dep] = callTimes(t, ref, normalise);
    const a = Math.max(arr, prevDep); // public times are whole minutes, working ones half: never run backwards
    prevDep = Math.max(a, dep);
    calls.push(tiploc, a, prevDep, flags);
  };

  let cifRecords = 0;
  let period = defaultPeriod;
  await readLines(
    source,
    file,
    (text, line) => {
      const type = text.slice(0, 2);
      if (CIF_RECORDS.has(type)) cifRecords++;
      if (type === 'HD' && !Number.isNaN(cifDay(text, 48, true))) period = { from: cifDay(text, 48, true), to: cifDay(text, 54, true) };
      else if (type === 'BS') onBs(text, line);
      else if (type === 'BX') {
        if (current) current.atoc = field(text, 11, 2);
      } else if (type === 'LO' || type === 'LI' || type === 'LT') onLocation(type, text, line);
    },
    progress,
  );
  finish();
  if (cifRecords === 0) throw new BuildError(`${where} is not a CIF timetable: it has no HD, TI, BS or ZZ records.`);
  return { schedules: clampToPeriod([...byKey.values()], period), calls, period };
}

/**
 * Keeps schedule dates inside the period the file is valid for: the HD header's user start
 * (less a day, for trains running past midnight into it) to user end date; without a header,
 * up to a year after the latest start date. Open-ended (999999) and far-future (991231) end
 * dates and years-old start dates would otherwise stretch every service's day bitset.
 */
function clampToPeriod(schedules: CifSchedule[], header: CifPeriod): CifSchedule[] {
  const latestStart = schedules.reduce((m, s) => Math.max(m, s.from), -Infinity);
  const first = Number.isNaN(header.from) ? -Infinity : header.from - 1;
  const last = Number.isNaN(header.to) ? latestStart + 366 : header.to;
  const kept: CifSchedule[] = [];
  for (const s of schedules) {
    s.from = Math.max(s.from, first);
    s.to = Math.min(s.to, last);
    if (s.from <= s.to) kept.push(s);
  }
  return kept;
}

function keyOf(s: CifSchedule): string {
  return `${s.uid}|${s.runsFrom}|${s.stp}`;
}

/**
 * Arrival and departure of a call, normalised past midnight. Passenger (public) times win: a call
 * with only one of them (take up or set down only) uses it for both, as passengers see it; a call
 * with none (a train that begins or ends at 00:00) uses the working times.
 */
function callTimes(t: LocationTimes, ref: number, normalise: (t: number, near: number) => number): [number, number] {
  const workArr = normalise(t.workArr, ref);
  const workDep = normalise(t.workDep, ref);
  const pubArr = normalise(t.pubArr, workArr !== NO_CIF_TIME ? workArr : ref);
  const pubDep = normalise(t.pubDep, workDep !== NO_CIF_TIME ? workDep : ref);
  const arr = firstTime(pubArr, pubDep, workArr, workDep);
  const dep = firstTime(pubDep, pubArr, workDep, workArr);
  return [arr, Math.max(arr, dep)];
}

function firstTime(a: number, b: number, c: number, d: number): number {
  return a !== NO_CIF_TIME ? a : b !== NO_CIF_TIME ? b : c !== NO_CIF_TIME ? c : d;
}
