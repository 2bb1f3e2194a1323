// FEATURE UNDER TEST: the one-pass SIRI-VM scanner gives exactly what fast-xml-parser's tree gives: the same records, counts and errors.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../support/random-timetable.js';
import { parseSiriVm } from '@transit/feeds';
import { scanSiriVm } from '../../packages/feeds/src/siri-vm/siri-vm-scan.js';
import { isoMs } from '../../packages/feeds/src/siri-vm/siri-vm-time.js';
import { num, parseIsoMs, xmlText } from '../../packages/feeds/src/feed-values.js';
import { activityRecord, FIELD_NAMES, SLOT } from '../../packages/feeds/src/siri-vm/siri-vm-activity.js';
import { HAVE_DATA, data } from '../support/data.js';

/** parseSiriVm's answer, or its error as `FeedParseError: message`. */
function outcome(doc: Uint8Array | string, fastPath: boolean): unknown {
  try {
    return parseSiriVm(doc, { fastPath });
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

/** True when the scanner reads `doc` itself (no fall-back to fast-xml-parser). */
const scanned = (doc: string) => scanSiriVm(doc.trim(), () => {}) !== null;

const head = '<Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery><ResponseTimestamp>2026-01-15T10:00:00+00:00</ResponseTimestamp><ProducerRef>Ito &amp; Co</ProducerRef>';
const doc = (body: string, before = head) => `${before}<VehicleMonitoringDelivery>${body}</VehicleMonitoringDelivery></ServiceDelivery></Siri>`;
const mvj = (inner = '') => `<MonitoredVehicleJourney><OperatorRef>SYRK</OperatorRef><LineRef>7</LineRef>${inner}<VehicleLocation><Longitude>-1.47</Longitude><Latitude>53.38</Latitude></VehicleLocation><VehicleRef>SYRK-101</VehicleRef></MonitoredVehicleJourney>`;
const activity = (inner = '', outer = '') => `<VehicleActivity><RecordedAtTime>2026-01-15T09:59:30+00:00</RecordedAtTime>${mvj(inner)}${outer}</VehicleActivity>`;
const ext = (vj: string) => `<Extensions><VehicleJourney>${vj}</VehicleJourney></Extensions>`;
const ticket = (code: string) => `<Operational><TicketMachine><JourneyCode>${code}</JourneyCode></TicketMachine></Operational>`;

describe.skipIf(!HAVE_DATA)('SIRI-VM scanner: every real SIRI-VM file in shared/data/siri_vm', () => {
  const files = HAVE_DATA ? readdirSync(data('siri_vm')).filter((f) => f.endsWith('.xml')) : [];

  it('there are files to compare', () => expect(files.length).toBeGreaterThanOrEqual(1));

  it.each(files)('%s: read by the scanner, deep-equal to fast-xml-parser, as bytes and as text', (file) => {
    const bytes = new Uint8Array(readFileSync(data('siri_vm', file)));
    const text = new TextDecoder().decode(bytes);
    expect(scanned(text)).toBe(true);
    const general = parseSiriVm(bytes, { fastPath: false });
    expect(general.records.length).toBeGreaterThan(0);
    expect(parseSiriVm(bytes)).toStrictEqual(general);
    expect(parseSiriVm(text)).toStrictEqual(general);
  });

  it('truncated and corrupted copies of a real document: the same answer or the same error (seeded)', () => {
    const real = readFileSync(data('siri_vm', files[0]), 'utf8');
    const cut = real.indexOf('</VehicleActivity>', real.indexOf('<VehicleActivity>') + 30 * 900) + '</VehicleActivity>'.length;
    const small = real.slice(0, cut) + '</VehicleMonitoringDelivery></ServiceDelivery></Siri>';
    const next = mulberry32(16);
    const pieces = ['<', '>', '/', '</', '<!--', '-->', '<![CDATA[', ']]>', '&amp;', '&', '"', ' ', 'x:', ':', '<X>', '</X>', '<X/>', 'Z', 'a', '0', '\u00e9', '<?pi?>'];
    let fast = 0, errors = 0;
    for (let k = 0; k < 1500; k++) {
      let s = small;
      for (let edits = next() < 0.7 ? 1 : 2; edits > 0; edits--) {
        const at = Math.floor(next() * s.length);
        const op = next();
        // A letter or digit for another (in text: still a well-formed document, read by the scanner).
        if (op < 0.3) s = /[A-Za-z0-9]/.test(s[at]) ? s.slice(0, at) + 'Qx7'[Math.floor(next() * 3)] + s.slice(at + 1) : s;
        else if (op < 0.45) s = s.slice(0, at) + pieces[Math.floor(next() * pieces.length)] + s.slice(at + 1);
        else if (op < 0.65) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(next() * 40));
        else if (op < 0.8) {
          // A copy of a nearby span (repeated elements, or half of one).
          const len = Math.floor(next() * 300);
          s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
        } else if (op < 0.9) s = s.slice(0, at) + '</Siri>';
        else s = s.slice(0, at);
      }
      const input = k % 2 ? s : new TextEncoder().encode(s);
      const got = outcome(input, true);
      expect(got, `mutation ${k}`).toStrictEqual(outcome(input, false));
      if (typeof got === 'string') errors++;
      else if (scanned(s)) fast++;
    }
    // Both kinds were exercised: answers read by the scanner itself, and errors.
    expect(fast).toBeGreaterThan(100);
    expect(errors).toBeGreaterThan(100);
  });
});

describe('SIRI-VM scanner: hand-made documents, the same answer as fast-xml-parser', () => {
  const cases: [string, string, boolean][] = [
    ['plain', doc(activity()), true],
    ['a prolog, newlines and indentation', `<?xml version="1.0" encoding="UTF-8"?>\n${doc(`\n  ${activity()}\n  ${activity()}\n`)}\n`, true],
    ['attributes on elements, quoted > and /', doc(activity('<BlockRef a="x>y" b=\'1/2\'>B1</BlockRef>')).replace('<VehicleActivity>', '<VehicleActivity version="2.0">'), true],
    ['self-closing leaves and unknown elements', doc(activity('<BlockRef/><Bearing></Bearing><Foo/><Bar><Baz>1</Baz></Bar>')), true],
    ['an empty activity and one of text only', doc('<VehicleActivity/>' + activity() + '<VehicleActivity>text</VehicleActivity>'), true],
    ['a repeated leaf: the first counts', doc(activity('<DestinationName>First</DestinationName><DestinationName>Second</DestinationName>')), true],
    ['a repeated empty leaf: the first (empty) counts', doc(activity('<DestinationName/><DestinationName>Second</DestinationName>')), true],
    ['character references in text', doc(activity('<DestinationName>Bus &amp; Rail &#x2013; Stand &#66; &bogus;</DestinationName>')), true],
    ['non-ASCII text', doc(activity('<DestinationName>Gorsaf Fysiau Caerdydd \u2013 Caerffili</DestinationName>')), true],
    ['extensions under the activity', doc(activity('', ext(ticket('0815') + '<SeatedOccupancy>3</SeatedOccupancy>'))), true],
    ['extensions under MonitoredVehicleJourney', doc(activity(ext(ticket('0815') + '<SeatedCapacity>40</SeatedCapacity>'))), true],
    ['extensions in both places: the activity wins per container', doc(activity(ext(ticket('1') + '<SeatedCapacity>40</SeatedCapacity>'), ext('<SeatedOccupancy>3</SeatedOccupancy>'))), true],
    ['an empty VehicleJourney under the activity: MonitoredVehicleJourney counts', doc(activity(ext(ticket('2') + '<WheelchairCapacity>1</WheelchairCapacity>'), ext(''))), true],
    ['a ticket machine without children under the activity', doc(activity(ext(ticket('3')), '<Extensions><VehicleJourney><Operational><TicketMachine/></Operational></VehicleJourney></Extensions>')), true],
    ['a field at another path is not read', doc(activity('<Foo><LineRef>9</LineRef></Foo>', '<LineRef>8</LineRef>')), true],
    ['an activity nested elsewhere is not counted', doc(activity('<VehicleActivity>' + mvj() + '</VehicleActivity>')), true],
    ['two deliveries: the first one\'s timestamp when the service delivery has none', `<Siri><ServiceDelivery><VehicleMonitoringDelivery><ResponseTimestamp>2026-01-15T10:00:01Z</ResponseTimestamp>${activity()}</VehicleMonitoringDelivery><VehicleMonitoringDelivery><ResponseTimestamp>2026-01-15T10:00:02Z</ResponseTimestamp>${activity()}</VehicleMonitoringDelivery></ServiceDelivery></Siri>`, true],
    ['a repeated ResponseTimestamp is not a timestamp', doc(activity(), head + '<ResponseTimestamp>2026-01-15T10:00:05Z</ResponseTimestamp>'), true],
    ['no delivery timestamp at all', `<Siri><ServiceDelivery><VehicleMonitoringDelivery>${activity()}</VehicleMonitoringDelivery></ServiceDelivery></Siri>`, true],
    ['names with dots, dashes and digits', doc(activity('<x.y-z1>1</x.y-z1>')), true],
    // Names the scanner predicted (it learns the order of the first activity) or hashes alike: each is still checked letter by letter.
    ['a name hashed like a field (LineRef, MJneRef) where LineRef was expected', doc(activity() + activity().replace('<LineRef>7</LineRef>', '<MJneRef>9</MJneRef>')), true],
    ['names one letter longer or shorter than the expected one', doc(activity() + activity().replace('<LineRef>7</LineRef>', '<LineRefs>9</LineRefs><LineRe>8</LineRe>') + activity()), true],
    ['a closing tag hashed like its opening tag: general parser', doc(activity().replace('</LineRef>', '</MJneRef>')), false],
    ['a closing tag one letter longer: general parser', doc(activity() + activity().replace('</LineRef>', '</LineRefs>')), false],
    ['a closing tag one letter shorter: general parser', doc(activity() + activity().replace('</VehicleLocation>', '</VehicleLocatio>')), false],
    ['namespace prefixes: general parser', doc(activity('<siri:DestinationName>Town</siri:DestinationName>')), false],
    ['a comment: general parser', doc(activity('<!-- c --><DestinationName>Town</DestinationName>')), false],
    ['CDATA: general parser', doc(activity('<DestinationName><![CDATA[Town & Gown]]></DestinationName>')), false],
    ['a DOCTYPE: general parser', '<!DOCTYPE Siri>' + doc(activity()), false],
    ['a repeated MonitoredVehicleJourney: general parser', doc(activity() + activity('', mvj('<BlockRef>2</BlockRef>'))), false],
    ['a field with children: general parser', doc(activity('<DestinationName>Town<b>x</b></DestinationName>')), false],
    ['a self-closing tag with attributes: general parser', doc(activity('<BlockRef a="1"/>')), false],
    ['mismatched closing tag: general parser', doc(activity('<BlockRef>1</Blockref>')), false],
    ['a closing tag with a space: general parser', doc(activity('<Foo>1</Foo >')), false],
    ['no ServiceDelivery: general parser (its error)', '<Siri><Foo/></Siri>', false],
    ['an empty ServiceDelivery: general parser (its error)', '<Siri><ServiceDelivery></ServiceDelivery></Siri>', false],
    ['two roots: general parser', '<Foo/><Siri><ServiceDelivery><ProducerRef>x</ProducerRef></ServiceDelivery></Siri>', false],
  ];

  it('MJneRef and LineRef hash alike in the scanner\'s hash (h * 31 + char)', () => {
    const hash = (t: string) => [...t].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 0);
    expect(hash('MJneRef')).toBe(hash('LineRef'));
  });

  it.each(cases)('%s', (_, text, byScanner) => {
    expect(scanned(text)).toBe(byScanner);
    expect(outcome(text, true)).toStrictEqual(outcome(text, false));
  });
});

describe('isoMs: parseIsoMs without Date.parse for the usual shapes', () => {
  it('equals parseIsoMs on seeded edits of BODS timestamps', () => {
    const base = ['2020-07-24T14:14:46.261274+00:00', '2020-07-24T14:14:46Z', '2020-07-24T14:14:46', '2026-01-15T09:59:30+01:00', '2020-02-28T23:59:59.9-05:30', '2020-07-24T14:14:46.1234567891Z', '0999-01-01T00:00:00Z', '2021-03-28T01:30:00+0100'];
    const chars = '0123456789-:TZ+.z ';
    const next = mulberry32(7);
    let fastShaped = 0;
    for (let k = 0; k < 30_000; k++) {
      const s = base[k % base.length].split('');
      for (let e = Math.floor(next() * 3); e > 0; e--) {
        const at = Math.floor(next() * s.length);
        const op = next();
        if (op < 0.6) s[at] = chars[Math.floor(next() * chars.length)];
        else if (op < 0.8) s.splice(at, 1);
        else s.splice(at, 0, chars[Math.floor(next() * chars.length)]);
      }
      const t = s.join('').trim();
      if (!t) continue;
      expect(isoMs(t), t).toBe(parseIsoMs(t));
      if (!Number.isNaN(isoMs(t))) fastShaped++;
    }
    expect(fastShaped).toBeGreaterThan(10_000);
    expect(isoMs(null)).toBeNaN();
  });

  it('equals parseIsoMs on the first and 28th of every month of the years 1000 to 9999, with and without a zone', () => {
    for (let year = 1000; year <= 9999; year++) {
      for (let month = 1; month <= 12; month++) {
        const ym = `${year}-${String(month).padStart(2, '0')}`;
        for (const t of [`${ym}-01T00:00:00Z`, `${ym}-28T23:59:59.999-01:30`]) if (isoMs(t) !== parseIsoMs(t)) expect(isoMs(t), t).toBe(parseIsoMs(t));
      }
    }
  });
});

describe('activityRecord: numbers read with one trim, as num(xmlText())', () => {
  it('gives num(xmlText(text)) for white space, entities, signs, exponents and junk', () => {
    const samples = ['53.38', ' -1.47\n', '', '  \t', '0', '-0', ' 0 ', '&#49;2', '1&amp;', 'abc', '1e400', '0x10', '.5', '1,5', '\u00a012\u2003', 'NaN', 'Infinity', undefined, null, { a: 1 }];
    for (const sample of samples) {
      const values: unknown[] = new Array(FIELD_NAMES.length).fill(undefined);
      values[SLOT.VehicleRef] = 'V1';
      values[SLOT.RecordedAtTime] = '2026-01-15T09:59:30Z';
      values[SLOT.Latitude] = sample;
      values[SLOT.SeatedCapacity] = sample;
      const rec = activityRecord(values)!;
      expect(Object.is(rec.latitude, num(xmlText(sample)) ?? NaN), JSON.stringify(sample)).toBe(true);
      expect(Object.is(rec.seatedCapacity, num(xmlText(sample))), JSON.stringify(sample)).toBe(true);
    }
  });

  it('drops UNKNOWN journey refs in any case, and only those', () => {
    const journey = (ref: string) => {
      const values: unknown[] = new Array(FIELD_NAMES.length).fill(undefined);
      values[SLOT.VehicleRef] = 'V1';
      values[SLOT.RecordedAtTime] = '2026-01-15T09:59:30Z';
      values[SLOT.DatedVehicleJourneyRef] = ref;
      return activityRecord(values)!.journeyRef;
    };
    expect([journey('UNKNOWN'), journey('unknown'), journey(' Unknown '), journey('UNKNOWNS'), journey('UNKNOW')]).toStrictEqual([null, null, null, 'UNKNOWNS', 'UNKNOW']);
  });
});
