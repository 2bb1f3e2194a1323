/**
 * Passenger operator names by ATOC (BX record) code. Codes not listed keep the code as their
 * name; the table only needs updating when a franchise changes hands.
 */
const TOC_NAMES: Record<string, string> = {
  AW: 'Transport for Wales',
  CC: 'c2c',
  CH: 'Chiltern Railways',
  CS: 'Caledonian Sleeper',
  EM: 'East Midlands Railway',
  ES: 'Eurostar',
  GC: 'Grand Central',
  GN: 'Great Northern',
  GR: 'London North Eastern Railway',
  GW: 'Great Western Railway',
  GX: 'Gatwick Express',
  HC: 'Heathrow Connect',
  HT: 'Hull Trains',
  HX: 'Heathrow Express',
  IL: 'Island Line',
  LD: 'Lumo',
  LE: 'Greater Anglia',
  LM: 'West Midlands Trains',
  LO: 'London Overground',
  LT: 'London Underground',
  ME: 'Merseyrail',
  NT: 'Northern',
  NY: 'North Yorkshire Moors Railway',
  QC: 'Caledonian MacBrayne',
  QS: 'Stena Line',
  SE: 'Southeastern',
  SJ: 'Sheffield Supertram',
  SN: 'Southern',
  SR: 'ScotRail',
  SW: 'South Western Railway',
  SX: 'Stansted Express',
  TL: 'Thameslink',
  TP: 'TransPennine Express',
  TW: 'Tyne and Wear Metro',
  VT: 'Avanti West Coast',
  WR: 'West Coast Railways',
  XC: 'CrossCountry',
  XR: 'Elizabeth line',
  ZZ: 'Other operator',
};

/** Display name of a train operator by its 2-letter ATOC code (the code itself when unknown). */
export function tocName(code: string): string {
  return TOC_NAMES[code] ?? code;
}
