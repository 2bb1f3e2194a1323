import type { Dataset } from '../../dataset.js';
import type { FeedSource } from '../../source/feed-source.js';
import { BuildError } from '../../issues.js';
import type { Progress } from '../../progress.js';
import { parseMsn, type MsnIndex } from './parse-msn.js';
import { parseMca } from './parse-mca.js';
import { cifToModel } from './cif-to-model.js';

/**
 * Reads an RDG/ATOC CIF timetable (a zip such as RJTTF001.ZIP, its unzipped folder, or a lone
 * `.MCA` file) into the timetable model: the MSN first (TIPLOC -> CRS, names, positions), then
 * the MCA streamed line by line, then STP resolution per train UID; then the ZTR (Z-trains:
 * buses and ships between stations, same record layout) when present. Without an MSN, TIPLOCs
 * map to CRS codes only through a RailReferences.csv given as `--rail-stations`.
 */
export async function parseCif(ds: Dataset, source: FeedSource, progress?: Progress): Promise<void> {
  const files = source.files();
  const mca = files.find((f) => /\.mca$/i.test(f));
  if (!mca) throw new BuildError(`${source.name} is not a CIF timetable: it has no .MCA file (found ${files.join(', ') || 'nothing'}).`);
  const msnFile = files.find((f) => /\.msn$/i.test(f));
  let msn: MsnIndex = { byTiploc: new Map(), principalByCrs: new Map() };
  if (msnFile) msn = await parseMsn(ds, source, msnFile, progress);
  else ds.issues.add({ code: 'missing_file', severity: 'warning', file: source.name, line: 0, entityId: '', field: 'MSN', value: '', message: 'no .MSN station file: TIPLOCs map to stations only through --rail-stations RailReferences.csv' });
  const tiplocOf = (location: string) => (ds.railCodes?.crsByTiploc.has(location) ? location : '');
  const main = await parseMca(ds, source, mca, tiplocOf, undefined, progress);
  cifToModel(ds, main, msn, `${source.name}:${mca}`);
  const ztr = files.find((f) => /\.ztr$/i.test(f));
  if (ztr) cifToModel(ds, await parseMca(ds, source, ztr, zTrainTiploc(ds, msn), main.period, progress), msn, `${source.name}:${ztr}`);
}

/** Z-train locations are CRS codes padded with dashes (`AMR----`): the station's principal TIPLOC. */
function zTrainTiploc(ds: Dataset, msn: MsnIndex): (location: string) => string {
  const byCrs = new Map<string, string>();
  for (const [tiploc, crs] of ds.railCodes?.crsByTiploc ?? []) if (!byCrs.has(crs)) byCrs.set(crs, tiploc);
  return (location) => {
    const crs = location.slice(0, 3);
    return /^[A-Z]{3}-*$/.test(location) ? (msn.principalByCrs.get(crs)?.tiploc ?? byCrs.get(crs) ?? '') : '';
  };
}
