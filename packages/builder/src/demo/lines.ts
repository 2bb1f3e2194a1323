import type { DemoAgency } from './model.js';

/**
 * Operators. The bus and tram companies are invented (agency_id in the BODS `OPnn` style, with a
 * made-up NOC); the train operators are the real ones on the demo's rail corridors.
 * Phone numbers are in Ofcom's range reserved for drama.
 */
export const AGENCIES: readonly DemoAgency[] = [
  { id: 'OP01', name: 'Don Valley Buses', noc: 'DVBS', url: 'https://example.org/don-valley-buses', phone: '0114 496 0001' },
  { id: 'OP02', name: 'Pennine Blue', noc: 'PNBL', url: 'https://example.org/pennine-blue', phone: '0114 496 0002' },
  { id: 'OP03', name: 'Aire & Calder Motor Services', noc: 'ACMS', url: 'https://example.org/aire-and-calder', phone: '0113 496 0003' },
  { id: 'OP04', name: 'Hallamshire Tramways', noc: 'HLTW', url: 'https://example.org/hallamshire-tramways', phone: '0114 496 0004' },
  { id: 'NT', name: 'Northern', noc: '', url: 'https://www.northernrailway.co.uk', phone: '' },
  { id: 'TP', name: 'TransPennine Express', noc: '', url: 'https://www.tpexpress.co.uk', phone: '' },
  { id: 'XC', name: 'CrossCountry', noc: '', url: 'https://www.crosscountrytrains.co.uk', phone: '' },
  { id: 'GR', name: 'London North Eastern Railway', noc: '', url: 'https://www.lner.co.uk', phone: '' },
];

/** How often a line runs: each tier maps to headway bands per day type (frequencies.ts). */
export type Tier = 'frequent' | 'regular' | 'hourly' | 'coach' | 'tram' | 'tram-main' | 'tram-purple' | 'rail-frequent' | 'rail-stopping' | 'rail-fast';

/** One bus or coach line, as a path of route nodes (places.ts) from its direction-0 origin. */
export interface LineDef {
  shortName: string;
  agencyId: string;
  /** Node ids; a circular line starts and ends at the same node (direction 0 runs clockwise). */
  path: readonly string[];
  tier: Tier;
  /** Coach (route_type 200) calling only at the nodes. */
  coach?: boolean;
  /** Node where some daytime journeys turn short. */
  shortTo?: string;
  /** Late journeys past midnight (GTFS times above 24:00:00). */
  night?: boolean;
  /** Carries the one school-day-only journey each way. */
  school?: boolean;
}

/** The bus and coach network: about twenty lines by three operators. */
export const LINES: readonly LineDef[] = [
  { shortName: '1', agencyId: 'OP01', path: ['SHF', 'FIR', 'ECC', 'CHP', 'HIG'], tier: 'frequent', shortTo: 'ECC' },
  { shortName: '1a', agencyId: 'OP01', path: ['SHF', 'FIR', 'ECC', 'CHP'], tier: 'hourly' },
  { shortName: '52', agencyId: 'OP01', path: ['CRK', 'BRM', 'SHF', 'HEE', 'GLE'], tier: 'frequent', night: true, shortTo: 'SHF' },
  { shortName: 'X1', agencyId: 'OP01', path: ['SHF', 'MDH', 'ROT', 'WIC'], tier: 'frequent', night: true, shortTo: 'ROT' },
  { shortName: 'C1', agencyId: 'OP01', path: ['SHF', 'MOOR', 'WST', 'KEL', 'CAS', 'SHF'], tier: 'regular' },
  { shortName: '120', agencyId: 'OP01', path: ['SHF', 'DAR', 'HAN'], tier: 'regular' },
  { shortName: '208', agencyId: 'OP01', path: ['ROT', 'KIM', 'MDH'], tier: 'regular' },
  { shortName: '22X', agencyId: 'OP01', path: ['ROT', 'PAR', 'RAW', 'SWI', 'MEX', 'CON'], tier: 'regular', night: true, shortTo: 'MEX' },
  { shortName: '57', agencyId: 'OP01', path: ['DON', 'BAL', 'EDL'], tier: 'regular' },
  { shortName: '81', agencyId: 'OP01', path: ['DON', 'ARM'], tier: 'regular' },
  { shortName: '41', agencyId: 'OP01', path: ['DON', 'BEN'], tier: 'hourly' },
  { shortName: '265', agencyId: 'OP02', path: ['BAR', 'HOY', 'CHP', 'MDH'], tier: 'regular' },
  { shortName: '221', agencyId: 'OP02', path: ['BAR', 'WOM', 'WAT', 'RAW', 'PAR', 'ROT'], tier: 'regular', shortTo: 'WAT' },
  { shortName: '59', agencyId: 'OP02', path: ['BAR', 'DOD', 'PEN'], tier: 'hourly', school: true },
  { shortName: '93', agencyId: 'OP02', path: ['BAR', 'CUD', 'ROY'], tier: 'regular' },
  { shortName: '503', agencyId: 'OP02', path: ['HFX', 'ELL', 'HUD'], tier: 'frequent' },
  { shortName: '202', agencyId: 'OP02', path: ['HUD', 'MIR', 'DEW'], tier: 'regular' },
  { shortName: 'X60', agencyId: 'OP02', path: ['LDS', 'WAK', 'BAR', 'MDH', 'SHF'], tier: 'coach', coach: true },
  { shortName: '72', agencyId: 'OP03', path: ['LDS', 'STN', 'PUD', 'THO', 'BDF'], tier: 'frequent', night: true, shortTo: 'PUD' },
  { shortName: '110', agencyId: 'OP03', path: ['LDS', 'RWL', 'OUT', 'WAK'], tier: 'regular', night: true },
  { shortName: '229', agencyId: 'OP03', path: ['LDS', 'MOR', 'BAT', 'DEW'], tier: 'regular' },
  { shortName: '117', agencyId: 'OP03', path: ['WAK', 'HOR', 'OSS', 'DEW'], tier: 'regular' },
  // Trunk corridors between the towns.
  { shortName: 'X78', agencyId: 'OP01', path: ['SHF', 'DAR', 'ROT', 'CON', 'BAL', 'DON'], tier: 'frequent' },
  { shortName: 'X19', agencyId: 'OP02', path: ['BAR', 'WOM', 'DON'], tier: 'regular' },
  { shortName: '97', agencyId: 'OP03', path: ['WAK', 'ROY', 'BAR'], tier: 'regular' },
  { shortName: 'X6', agencyId: 'OP03', path: ['LDS', 'MOR', 'BAT', 'DEW', 'MIR', 'HUD'], tier: 'regular' },
];
