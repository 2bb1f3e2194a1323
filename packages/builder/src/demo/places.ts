/**
 * The demo world's fixed geography: district towns, localities and the route nodes buses link.
 * Names and centres are real South and West Yorkshire places (coordinates rounded); the
 * stops, roads and operators built on them are invented.
 */

/** County: South Yorkshire (ATCO 370, admin area 099) or West Yorkshire (450, 107). */
export type Area = 'south' | 'west';

/** A district town: its county and the digit that groups its ATCO codes. */
export interface TownDef {
  area: Area;
  district: number;
}

/** District towns by name. */
export const TOWNS: Record<string, TownDef> = {
  Barnsley: { area: 'south', district: 1 },
  Doncaster: { area: 'south', district: 2 },
  Rotherham: { area: 'south', district: 3 },
  Sheffield: { area: 'south', district: 4 },
  Bradford: { area: 'west', district: 1 },
  Halifax: { area: 'west', district: 2 },
  Huddersfield: { area: 'west', district: 3 },
  Dewsbury: { area: 'west', district: 3 },
  Leeds: { area: 'west', district: 4 },
  Wakefield: { area: 'west', district: 5 },
};

/** An NPTG-like locality: every stop belongs to the nearest one. */
export interface LocalityDef {
  name: string;
  /** District town (NaPTAN Town and ParentLocalityName). */
  town: string;
  lat: number;
  lon: number;
}

/** Town centres first, then villages and suburbs; the order fixes the locality codes. */
export const LOCALITIES: readonly LocalityDef[] = [
  { name: 'Sheffield Centre', town: 'Sheffield', lat: 53.3811, lon: -1.4701 },
  { name: 'Rotherham Town Centre', town: 'Rotherham', lat: 53.4302, lon: -1.3568 },
  { name: 'Barnsley Town Centre', town: 'Barnsley', lat: 53.5526, lon: -1.4797 },
  { name: 'Doncaster Town Centre', town: 'Doncaster', lat: 53.5228, lon: -1.1339 },
  { name: 'Meadowhall', town: 'Sheffield', lat: 53.4165, lon: -1.4135 },
  { name: 'Leeds City Centre', town: 'Leeds', lat: 53.7972, lon: -1.5439 },
  { name: 'Bradford City Centre', town: 'Bradford', lat: 53.7935, lon: -1.7524 },
  { name: 'Wakefield City Centre', town: 'Wakefield', lat: 53.6830, lon: -1.4977 },
  { name: 'Huddersfield Town Centre', town: 'Huddersfield', lat: 53.6458, lon: -1.7850 },
  { name: 'Halifax Town Centre', town: 'Halifax', lat: 53.7248, lon: -1.8616 },
  { name: 'Dewsbury Town Centre', town: 'Dewsbury', lat: 53.6907, lon: -1.6298 },
  { name: 'Chapeltown', town: 'Sheffield', lat: 53.4627, lon: -1.4678 },
  { name: 'High Green', town: 'Sheffield', lat: 53.4745, lon: -1.4838 },
  { name: 'Ecclesfield', town: 'Sheffield', lat: 53.4421, lon: -1.4697 },
  { name: 'Firth Park', town: 'Sheffield', lat: 53.4139, lon: -1.4536 },
  { name: 'Pitsmoor', town: 'Sheffield', lat: 53.3985, lon: -1.4595 },
  { name: 'Hillsborough', town: 'Sheffield', lat: 53.4036, lon: -1.5012 },
  { name: 'Walkley', town: 'Sheffield', lat: 53.3923, lon: -1.4912 },
  { name: 'Crookes', town: 'Sheffield', lat: 53.3862, lon: -1.5101 },
  { name: 'Broomhill', town: 'Sheffield', lat: 53.3800, lon: -1.4925 },
  { name: 'Heeley', town: 'Sheffield', lat: 53.3612, lon: -1.4700 },
  { name: 'Gleadless', town: 'Sheffield', lat: 53.3478, lon: -1.4368 },
  { name: 'Darnall', town: 'Sheffield', lat: 53.3869, lon: -1.4194 },
  { name: 'Handsworth', town: 'Sheffield', lat: 53.3713, lon: -1.3857 },
  { name: 'Tinsley', town: 'Sheffield', lat: 53.4080, lon: -1.4000 },
  { name: 'Kimberworth', town: 'Rotherham', lat: 53.4382, lon: -1.3951 },
  { name: 'Parkgate', town: 'Rotherham', lat: 53.4468, lon: -1.3483 },
  { name: 'Rawmarsh', town: 'Rotherham', lat: 53.4601, lon: -1.3437 },
  { name: 'Wath upon Dearne', town: 'Rotherham', lat: 53.5025, lon: -1.3450 },
  { name: 'Swinton', town: 'Rotherham', lat: 53.4868, lon: -1.3148 },
  { name: 'Wickersley', town: 'Rotherham', lat: 53.4218, lon: -1.2817 },
  { name: 'Brecks', town: 'Rotherham', lat: 53.4245, lon: -1.3130 },
  { name: 'Maltby', town: 'Rotherham', lat: 53.4240, lon: -1.2010 },
  { name: 'Mexborough', town: 'Doncaster', lat: 53.4930, lon: -1.2870 },
  { name: 'Conisbrough', town: 'Doncaster', lat: 53.4829, lon: -1.2278 },
  { name: 'Warmsworth', town: 'Doncaster', lat: 53.4985, lon: -1.1810 },
  { name: 'Balby', town: 'Doncaster', lat: 53.5005, lon: -1.1553 },
  { name: 'Edlington', town: 'Doncaster', lat: 53.4800, lon: -1.1880 },
  { name: 'Armthorpe', town: 'Doncaster', lat: 53.5360, lon: -1.0530 },
  { name: 'Wheatley', town: 'Doncaster', lat: 53.5300, lon: -1.1000 },
  { name: 'Bentley', town: 'Doncaster', lat: 53.5410, lon: -1.1450 },
  { name: 'Wombwell', town: 'Barnsley', lat: 53.5213, lon: -1.4001 },
  { name: 'Hoyland', town: 'Barnsley', lat: 53.4985, lon: -1.4430 },
  { name: 'Worsbrough', town: 'Barnsley', lat: 53.5300, lon: -1.4700 },
  { name: 'Dodworth', town: 'Barnsley', lat: 53.5420, lon: -1.5310 },
  { name: 'Penistone', town: 'Barnsley', lat: 53.5252, lon: -1.6290 },
  { name: 'Cudworth', town: 'Barnsley', lat: 53.5765, lon: -1.4190 },
  { name: 'Royston', town: 'Barnsley', lat: 53.6035, lon: -1.4470 },
  { name: 'Stanningley', town: 'Leeds', lat: 53.8040, lon: -1.6560 },
  { name: 'Bramley', town: 'Leeds', lat: 53.8040, lon: -1.6300 },
  { name: 'Armley', town: 'Leeds', lat: 53.7990, lon: -1.5880 },
  { name: 'Pudsey', town: 'Leeds', lat: 53.7960, lon: -1.6620 },
  { name: 'Thornbury', town: 'Bradford', lat: 53.7960, lon: -1.7120 },
  { name: 'Rothwell', town: 'Leeds', lat: 53.7480, lon: -1.4780 },
  { name: 'Hunslet', town: 'Leeds', lat: 53.7780, lon: -1.5300 },
  { name: 'Morley', town: 'Leeds', lat: 53.7450, lon: -1.6000 },
  { name: 'Outwood', town: 'Wakefield', lat: 53.7140, lon: -1.5080 },
  { name: 'Horbury', town: 'Wakefield', lat: 53.6600, lon: -1.5560 },
  { name: 'Ossett', town: 'Wakefield', lat: 53.6800, lon: -1.5800 },
  { name: 'Batley', town: 'Dewsbury', lat: 53.7160, lon: -1.6330 },
  { name: 'Mirfield', town: 'Huddersfield', lat: 53.6740, lon: -1.6950 },
  { name: 'Elland', town: 'Halifax', lat: 53.6850, lon: -1.8380 },
];

/** Where lines start, end or call: an interchange (one stand per line) or a street stop pair. */
export interface NodeDef {
  id: string;
  kind: 'interchange' | 'street';
  /** NaPTAN CommonName of the node's stops. */
  stopName: string;
  lat: number;
  lon: number;
}

/** Interchanges first, then street nodes; the order fixes which way a road's stops are built. */
export const NODES: readonly NodeDef[] = [
  { id: 'SHF', kind: 'interchange', stopName: 'Sheffield Interchange', lat: 53.3797, lon: -1.4626 },
  { id: 'MDH', kind: 'interchange', stopName: 'Meadowhall Interchange', lat: 53.4170, lon: -1.4125 },
  { id: 'ROT', kind: 'interchange', stopName: 'Rotherham Interchange', lat: 53.4316, lon: -1.3571 },
  { id: 'BAR', kind: 'interchange', stopName: 'Barnsley Interchange', lat: 53.5536, lon: -1.4775 },
  { id: 'DON', kind: 'interchange', stopName: 'Frenchgate Interchange', lat: 53.5232, lon: -1.1395 },
  { id: 'LDS', kind: 'interchange', stopName: 'Leeds City Bus Station', lat: 53.7955, lon: -1.5337 },
  { id: 'BDF', kind: 'interchange', stopName: 'Bradford Interchange', lat: 53.7910, lon: -1.7495 },
  { id: 'WAK', kind: 'interchange', stopName: 'Wakefield Bus Station', lat: 53.6850, lon: -1.4975 },
  { id: 'HUD', kind: 'interchange', stopName: 'Huddersfield Bus Station', lat: 53.6466, lon: -1.7800 },
  { id: 'HFX', kind: 'interchange', stopName: 'Halifax Bus Station', lat: 53.7230, lon: -1.8600 },
  { id: 'DEW', kind: 'interchange', stopName: 'Dewsbury Bus Station', lat: 53.6915, lon: -1.6305 },
  { id: 'MOOR', kind: 'street', stopName: 'The Moor', lat: 53.3765, lon: -1.4722 },
  { id: 'WST', kind: 'street', stopName: 'West Street', lat: 53.3815, lon: -1.4795 },
  { id: 'KEL', kind: 'street', stopName: 'Kelham Island', lat: 53.3888, lon: -1.4712 },
  { id: 'CAS', kind: 'street', stopName: 'Castle Square', lat: 53.3831, lon: -1.4668 },
  { id: 'CHP', kind: 'street', stopName: 'Station Road', lat: 53.4623, lon: -1.4686 },
  { id: 'HIG', kind: 'street', stopName: 'Wortley Road', lat: 53.4752, lon: -1.4846 },
  { id: 'ECC', kind: 'street', stopName: 'Church Street', lat: 53.4418, lon: -1.4702 },
  { id: 'FIR', kind: 'street', stopName: 'Sicey Avenue', lat: 53.4135, lon: -1.4530 },
  { id: 'HIL', kind: 'street', stopName: 'Middlewood Road', lat: 53.4032, lon: -1.5006 },
  { id: 'CRK', kind: 'street', stopName: 'Springvale Road', lat: 53.3866, lon: -1.5108 },
  { id: 'BRM', kind: 'street', stopName: 'Glossop Road', lat: 53.3802, lon: -1.4930 },
  { id: 'HEE', kind: 'street', stopName: 'Heeley Bottom', lat: 53.3615, lon: -1.4698 },
  { id: 'GLE', kind: 'street', stopName: 'Gleadless Townend', lat: 53.3472, lon: -1.4362 },
  { id: 'DAR', kind: 'street', stopName: 'Main Road', lat: 53.3869, lon: -1.4190 },
  { id: 'HAN', kind: 'street', stopName: "St Mary's Church", lat: 53.3710, lon: -1.3860 },
  { id: 'KIM', kind: 'street', stopName: 'Kimberworth Road', lat: 53.4380, lon: -1.3950 },
  { id: 'PAR', kind: 'street', stopName: 'Broad Street', lat: 53.4470, lon: -1.3480 },
  { id: 'RAW', kind: 'street', stopName: 'High Street', lat: 53.4600, lon: -1.3440 },
  { id: 'WAT', kind: 'street', stopName: 'Church Street', lat: 53.5025, lon: -1.3450 },
  { id: 'SWI', kind: 'street', stopName: 'Station Street', lat: 53.4870, lon: -1.3150 },
  { id: 'MEX', kind: 'street', stopName: 'Market Street', lat: 53.4930, lon: -1.2870 },
  { id: 'CON', kind: 'street', stopName: 'Church Street', lat: 53.4830, lon: -1.2280 },
  { id: 'WIC', kind: 'street', stopName: 'Bawtry Road', lat: 53.4220, lon: -1.2820 },
  { id: 'MAL', kind: 'street', stopName: 'High Street', lat: 53.4240, lon: -1.2010 },
  { id: 'BAL', kind: 'street', stopName: 'High Road', lat: 53.5005, lon: -1.1553 },
  { id: 'EDL', kind: 'street', stopName: 'Broomhouse Lane', lat: 53.4800, lon: -1.1880 },
  { id: 'ARM', kind: 'street', stopName: 'Church Street', lat: 53.5360, lon: -1.0530 },
  { id: 'BEN', kind: 'street', stopName: 'High Street', lat: 53.5410, lon: -1.1450 },
  { id: 'WOM', kind: 'street', stopName: 'High Street', lat: 53.5213, lon: -1.4001 },
  { id: 'HOY', kind: 'street', stopName: 'Market Street', lat: 53.4985, lon: -1.4430 },
  { id: 'DOD', kind: 'street', stopName: 'Church Lane', lat: 53.5420, lon: -1.5310 },
  { id: 'PEN', kind: 'street', stopName: 'Market Street', lat: 53.5252, lon: -1.6290 },
  { id: 'CUD', kind: 'street', stopName: 'Market Place', lat: 53.5765, lon: -1.4190 },
  { id: 'ROY', kind: 'street', stopName: 'Midland Road', lat: 53.6035, lon: -1.4470 },
  { id: 'STN', kind: 'street', stopName: 'Town Street', lat: 53.8040, lon: -1.6560 },
  { id: 'PUD', kind: 'street', stopName: 'Church Lane', lat: 53.7960, lon: -1.6620 },
  { id: 'THO', kind: 'street', stopName: 'Thornbury Barracks', lat: 53.7960, lon: -1.7120 },
  { id: 'RWL', kind: 'street', stopName: 'Commercial Street', lat: 53.7480, lon: -1.4780 },
  { id: 'OUT', kind: 'street', stopName: 'Leeds Road', lat: 53.7140, lon: -1.5080 },
  { id: 'MOR', kind: 'street', stopName: 'Queen Street', lat: 53.7450, lon: -1.6000 },
  { id: 'BAT', kind: 'street', stopName: 'Commercial Street', lat: 53.7160, lon: -1.6330 },
  { id: 'HOR', kind: 'street', stopName: 'High Street', lat: 53.6600, lon: -1.5560 },
  { id: 'OSS', kind: 'street', stopName: 'Station Road', lat: 53.6800, lon: -1.5800 },
  { id: 'MIR', kind: 'street', stopName: 'Knowl Road', lat: 53.6740, lon: -1.6950 },
  { id: 'ELL', kind: 'street', stopName: 'Southgate', lat: 53.6850, lon: -1.8380 },
];
