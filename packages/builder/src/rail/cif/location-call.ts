import { cifTime, NO_CIF_TIME } from './cif-fields.js';

/** GTFS pickup/drop-off codes used for calls. */
const REGULAR = 0;
const NONE = 1;
const ASK = 3;

/** Activity codes as two char codes (`T ` stops to take up and set down, `TB` train begins, ...). */
const act = (code: string) => code.charCodeAt(0) * 256 + code.charCodeAt(1);
const ACT_T = act('T ');
const ACT_U = act('U ');
const ACT_D = act('D ');
const ACT_R = act('R ');
const ACT_TB = act('TB');
const ACT_TF = act('TF');

/** One LO / LI / LT record's times, seconds of the day (NO_CIF_TIME when absent, NaN when malformed). */
export interface LocationTimes {
  workArr: number;
  workDep: number;
  pass: number;
  /** Public (passenger) times; a public `0000` means "no passenger time" and reads as absent. */
  pubArr: number;
  pubDep: number;
  /** 12 characters: six 2-character activity codes. */
  activity: string;
}

/**
 * Decodes the time and activity fields of a location record (CIF columns, 1-based):
 * LO dep 11-15, public dep 16-19, activity 30-41; LI arr 11-15, dep 16-20, pass 21-25, public
 * arr 26-29, public dep 30-33, activity 43-54; LT arr 11-15, public arr 16-19, activity 26-37.
 */
export function parseLocationTimes(type: 'LO' | 'LI' | 'LT', line: string): LocationTimes {
  if (type === 'LO') return { workArr: NO_CIF_TIME, workDep: cifTime(line, 10, 5), pass: NO_CIF_TIME, pubArr: NO_CIF_TIME, pubDep: publicTime(line, 15), activity: line.slice(29, 41) };
  if (type === 'LT') return { workArr: cifTime(line, 10, 5), workDep: NO_CIF_TIME, pass: NO_CIF_TIME, pubArr: publicTime(line, 15), pubDep: NO_CIF_TIME, activity: line.slice(25, 37) };
  return { workArr: cifTime(line, 10, 5), workDep: cifTime(line, 15, 5), pass: cifTime(line, 20, 5), pubArr: publicTime(line, 25), pubDep: publicTime(line, 29), activity: line.slice(42, 54) };
}

function publicTime(line: string, at: number): number {
  const t = cifTime(line, at, 4);
  return t === 0 ? NO_CIF_TIME : t;
}

/**
 * Pickup/drop-off of a location as `pickup << 2 | dropOff`, or -1 when passengers cannot board
 * or alight there (a pass, an operational stop). From the activity codes when any is a passenger
 * one (T both ways, U take up, D set down, R request: ask the driver); otherwise from which public
 * times exist. An origin never sets down and a destination never takes up; a train that begins
 * (TB) or finishes (TF) at 00:00 has no public time there, so `advertised` trains count those.
 */
export function callFlags(type: 'LO' | 'LI' | 'LT', t: LocationTimes, advertised: boolean): number {
  if (t.workArr === NO_CIF_TIME && t.workDep === NO_CIF_TIME) return -1; // a pass
  let pickup = NONE;
  let dropOff = NONE;
  let passengerCode = false;
  let begins = false;
  let finishes = false;
  for (let i = 0; i + 1 < t.activity.length; i += 2) {
    const code = t.activity.charCodeAt(i) * 256 + t.activity.charCodeAt(i + 1);
    if (code === ACT_T) pickup = dropOff = REGULAR;
    else if (code === ACT_U) pickup = REGULAR;
    else if (code === ACT_D) dropOff = REGULAR;
    else if (code === ACT_R) {
      if (pickup === NONE) pickup = ASK;
      if (dropOff === NONE) dropOff = ASK;
    } else if (code === ACT_TB) begins = true;
    else if (code === ACT_TF) finishes = true;
    else continue;
    passengerCode ||= code !== ACT_TB && code !== ACT_TF;
  }
  if (!passengerCode) {
    if (t.pubDep !== NO_CIF_TIME || (begins && advertised)) pickup = REGULAR;
    if (t.pubArr !== NO_CIF_TIME || (finishes && advertised)) dropOff = REGULAR;
  }
  if (type === 'LO') dropOff = NONE;
  if (type === 'LT') pickup = NONE;
  return pickup === NONE && dropOff === NONE ? -1 : (pickup << 2) | dropOff;
}

/** Passenger-advertised train categories (ordinary, express, sleeper, international, bus, ship). */
export function isAdvertisedCategory(category: string): boolean {
  return /^(O[LOW]|X[CDIRXZ]|B[RS]|SS|\s*)$/.test(category);
}
