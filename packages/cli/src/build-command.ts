import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildSnapshotFile, BuildError } from '@transit/builder';

const USAGE = `Usage: transit build [inputs] --out FILE

Inputs (each repeatable; at least one):
  --gtfs PATH            GTFS zip or folder (bus, coach, tram, rail)
  --naptan PATH          NaPTAN Stops.csv (area or national)
  --nptg PATH            NPTG Localities.csv (else settlements come from NaPTAN localities)
  --postcodes PATH       postcode centroids CSV (Postcode,lat,long)
  --rail-stations PATH   rail stations CSV (CRS, name, latitude, longitude)
  --cif PATH             RDG/ATOC CIF rail timetable zip or folder (.MCA + .MSN)
  --osm PATH             OpenStreetMap PBF extract (.osm.pbf): streets for walking, cycling, driving
  --demo                 the generated South and West Yorkshire demo dataset
Options:
  --out FILE             snapshot to write (required)
  --coverage AREA        journey-planner coverage: minLat,minLon,maxLat,maxLon or a GeoJSON
                         polygon file (default: South and West Yorkshire)
  --seed N               demo seed (default 1)
  --fares FILE           fare file (JSON, docs/fares.md; repeatable, merged); replaces the bundled
                         South and West Yorkshire fares
  --strict               fail on the first feed issue
  --issues FILE          write every kept feed issue as JSON lines
  --quiet                no progress display
  --tmp DIR              folder for the stop times' temporary sorted runs (default: the system's
                         temp folder; removed when the build ends)
`;

/** `transit build ...`: returns the process exit code; never throws for bad input. */
export async function runBuildCli(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        gtfs: { type: 'string', multiple: true },
        naptan: { type: 'string', multiple: true },
        nptg: { type: 'string', multiple: true },
        postcodes: { type: 'string', multiple: true },
        'rail-stations': { type: 'string', multiple: true },
        cif: { type: 'string', multiple: true },
        fares: { type: 'string', multiple: true },
        osm: { type: 'string', multiple: true },
        demo: { type: 'boolean' },
        seed: { type: 'string' },
        out: { type: 'string' },
        coverage: { type: 'string' },
        strict: { type: 'boolean' },
        issues: { type: 'string' },
        quiet: { type: 'boolean' },
        tmp: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    process.stderr.write(`transit build: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const inputs = ['gtfs', 'naptan', 'nptg', 'postcodes', 'rail-stations', 'cif', 'osm'] as const;
  if (!args.out || (!args.demo && inputs.every((k) => !args[k]?.length))) {
    process.stderr.write(`transit build: ${args.out ? 'give at least one input' : '--out FILE is required'}.\n\n${USAGE}`);
    return 2;
  }
  const seed = args.seed === undefined ? 1 : Number(args.seed);
  if (!Number.isInteger(seed)) {
    process.stderr.write(`transit build: --seed must be an integer, got ${JSON.stringify(args.seed)}.\n`);
    return 2;
  }
  const started = Date.now();
  try {
    const options = {
      gtfs: args.gtfs,
      naptan: args.naptan,
      nptg: args.nptg,
      postcodes: args.postcodes,
      railStations: args['rail-stations'],
      cif: args.cif,
      osm: args.osm,
      fares: args.fares,
      demo: args.demo ? { seed } : false,
      strict: args.strict,
      quiet: args.quiet,
      coverage: args.coverage,
      tmpDir: args.tmp,
    };
    // Written section by section to a temporary file and renamed: never a half-written snapshot.
    const { byteLength, issues } = await buildSnapshotFile(options, args.out);
    if (args.issues) await writeFile(args.issues, issues.kept.map((i) => JSON.stringify(i)).join('\n') + '\n');
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Wrote ${args.out}: ${(byteLength / 1048576).toFixed(1)} MiB in ${secs} s.\n`);
    if (issues.total) process.stdout.write(`Feed issues (rows skipped or repaired): ${issues.total}\n  ${issues.summary().join('\n  ')}\n`);
    return 0;
  } catch (err) {
    // BuildError is an expected failure (bad input); anything else is a bug, reported the same
    // way so a user never sees a stack trace (TRANSIT_DEBUG=1 shows it).
    const message = err instanceof BuildError ? err.message : `internal error: ${(err as Error).message}`;
    process.stderr.write(`transit build: ${message}\n`);
    if (process.env.TRANSIT_DEBUG && !(err instanceof BuildError)) process.stderr.write(`${(err as Error).stack}\n`);
    return 1;
  }
}
