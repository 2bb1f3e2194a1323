import { ACTIVITY_FIELDS, FIELD_NAMES, SLOT, type ActivityField, type ActivityValues } from './siri-vm-activity.js';

/** What the scanner read of the delivery: the raw texts fast-xml-parser would give `text()` (undefined when absent or repeated). */
export interface ScannedHead {
  /** `ServiceDelivery/ResponseTimestamp`, else the first `VehicleMonitoringDelivery/ResponseTimestamp` (parse-siri-vm.ts picks). */
  sdResponseTimestamp: string | undefined;
  vmdResponseTimestamp: string | undefined;
  producerRef: string | undefined;
}

// Where the scanner is: the element it is inside, by the paths fast-xml-parser's tree is read along (treeValues).
const ROOT = 0, SIRI = 1, SD = 2, VMD = 3, VA = 4, MVJ = 5, FRAMED = 6, LOC = 7;
const A_EXT = 8, A_VJ = 9, A_OP = 10, A_TM = 11, M_EXT = 12, M_VJ = 13, M_OP = 14, M_TM = 15;
/** Inside an element no field is read from (its subtree is only checked for balance). */
const SKIP = 16;
const CONTEXTS = 17;
/** Contexts below VehicleActivity: their seen / has-children bits reset per activity. */
const ACTIVITY_BITS = 0xffff & ~((1 << VA) - 1) & ~(1 << VA);

/** Extension fields also read under MonitoredVehicleJourney: an extra slot each, after the activity fields. */
const VJ_FIELDS: ActivityField[] = ['SeatedOccupancy', 'SeatedCapacity', 'WheelchairOccupancy', 'WheelchairCapacity'];
const ALT = FIELD_NAMES.length;
const ALT_JOURNEY_CODE = ALT + VJ_FIELDS.length;
const VALUE_SLOTS = ALT_JOURNEY_CODE + 1;
/** Delivery leaves (action codes beside the slots). */
const SD_RESPONSE = 100, SD_PRODUCER = 101, VMD_RESPONSE = 102;
/** Actions >= LEAF are leaves: LEAF + slot (activity field) or LEAF + SD_RESPONSE... (delivery). */
const LEAF = 1000;

/** Element names the scanner acts on; an id each. */
const CONTAINER_NAMES = ['Siri', 'ServiceDelivery', 'VehicleMonitoringDelivery', 'VehicleActivity', 'ResponseTimestamp', 'ProducerRef', 'MonitoredVehicleJourney', 'FramedVehicleJourneyRef', 'VehicleLocation', 'Extensions', 'VehicleJourney', 'Operational', 'TicketMachine'];
const NAMES = [...CONTAINER_NAMES, ...FIELD_NAMES];
const nameId = (name: string) => NAMES.indexOf(name);

/** Name hash as the scanner computes it while reading a tag name. */
function nameHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
/** Names seen, by nameHash & NAME_MASK (one per slot: a colliding name replaces it); kept across parses, as flat copies. */
const NAME_MASK = 1023;
const SEEN_NAME: (string | undefined)[] = new Array(NAME_MASK + 1).fill(undefined);
/** SEEN_NAME's name id in NAMES, or -1 (no name of interest). */
const SEEN_ID = new Int32Array(NAME_MASK + 1).fill(-1);
/** Slot -> the slot of the opening tag that followed it last time (-1: none yet): BODS writes its elements in a steady order. */
const NEXT_SLOT = new Int32Array(NAME_MASK + 1).fill(-1);

/** Puts xml[at, at + len) in SEEN_NAME at `slot` (a copy, so the document is not kept alive) and returns it. */
function seeName(xml: string, at: number, len: number, slot: number): string {
  const name = xml.slice(at, at + len).split('').join('');
  SEEN_NAME[slot] = name;
  SEEN_ID[slot] = nameId(name);
  NEXT_SLOT[slot] = -1;
  return name;
}
for (let id = 0; id < NAMES.length; id++) {
  const slot = nameHash(NAMES[id]) & NAME_MASK;
  // The names of interest each keep a slot of their own (else they would take turns in it).
  if (SEEN_NAME[slot] !== undefined) throw new Error(`siri-vm-scan: name hash collision for ${NAMES[id]}`);
  SEEN_NAME[slot] = NAMES[id];
  SEEN_ID[slot] = id;
}

/** CHILD[ctx * NAMES.length + name]: the context a child element opens, or LEAF + its slot; SKIP for any other element. */
const CHILD = new Int32Array(CONTEXTS * NAMES.length).fill(SKIP);
const child = (ctx: number, name: string, action: number) => (CHILD[ctx * NAMES.length + nameId(name)] = action);
child(ROOT, 'Siri', SIRI);
child(SIRI, 'ServiceDelivery', SD);
child(SD, 'ResponseTimestamp', LEAF + SD_RESPONSE);
child(SD, 'ProducerRef', LEAF + SD_PRODUCER);
child(SD, 'VehicleMonitoringDelivery', VMD);
child(VMD, 'ResponseTimestamp', LEAF + VMD_RESPONSE);
child(VMD, 'VehicleActivity', VA);
child(VA, 'MonitoredVehicleJourney', MVJ);
child(VA, 'Extensions', A_EXT);
child(MVJ, 'FramedVehicleJourneyRef', FRAMED);
child(MVJ, 'VehicleLocation', LOC);
child(MVJ, 'Extensions', M_EXT);
for (const [ext, vj, op, tm] of [[A_EXT, A_VJ, A_OP, A_TM], [M_EXT, M_VJ, M_OP, M_TM]]) {
  child(ext, 'VehicleJourney', vj);
  child(vj, 'Operational', op);
  child(op, 'TicketMachine', tm);
}
const PATH_CONTEXT: Record<string, number> = { '': VA, MonitoredVehicleJourney: MVJ, 'MonitoredVehicleJourney/FramedVehicleJourneyRef': FRAMED, 'MonitoredVehicleJourney/VehicleLocation': LOC, 'Extensions/VehicleJourney': A_VJ, 'Extensions/VehicleJourney/Operational/TicketMachine': A_TM };
for (const name of FIELD_NAMES) child(PATH_CONTEXT[ACTIVITY_FIELDS[name].join('/')], name, LEAF + SLOT[name]);
VJ_FIELDS.forEach((name, k) => child(M_VJ, name, LEAF + ALT + k));
child(M_TM, 'JourneyCode', LEAF + ALT_JOURNEY_CODE);

/** Name characters the scanner accepts (others: the general parser): 1 may start a name, 2 only continue one. */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  NAME_CHAR[c] = /[A-Za-z_]/.test(ch) ? 1 : /[0-9.-]/.test(ch) ? 2 : 0;
}
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

/** Deepest nesting the scanner follows (deeper: the general parser). */
const MAX_DEPTH = 64;

/**
 * Fast path for SIRI-VM as BODS publishes it: one pass over the text, reading the leaves the
 * parser uses (ACTIVITY_FIELDS) at the paths fast-xml-parser's tree is read along (treeValues),
 * with no DOM and no regular expression. Calls `onActivity` per VehicleActivity with its values
 * by SLOT (one array, reused: valid only during the call). Returns the delivery's head, or null
 * when the document is anything but plain elements (namespace prefixes, comments, CDATA,
 * processing instructions after the prolog, a DOCTYPE, unbalanced or mismatched tags, a field
 * element with children, a path element repeated, self-closing tags with attributes, names
 * outside ASCII): the general parser then reads it, so answers and errors are its own.
 * Activities already passed to `onActivity` before a null are to be discarded.
 */
export function scanSiriVm(xml: string, onActivity: (values: ActivityValues) => void): ScannedHead | null {
  const names = NAMES.length;
  const stackName: string[] = new Array(MAX_DEPTH).fill('');
  const stackCtx = new Uint8Array(MAX_DEPTH);
  const values: unknown[] = new Array(VALUE_SLOTS).fill(undefined);
  const head: ScannedHead = { sdResponseTimestamp: undefined, vmdResponseTimestamp: undefined, producerRef: undefined };
  let sdResponses = 0, producers = 0, vmdResponses = 0, vmdCount = 0;
  // Per context: opened (a path element seen twice in one parent is left to the general parser) and has child elements (an object in fast-xml-parser's tree).
  let opened = 0, objects = 0;
  let depth = 0, ctx = ROOT, rootDone = false;
  // The SEEN_NAME slot of the last opening tag (0 at the start: any slot will do as a key).
  let prevSlot = 0;
  let i = 0;
  if (xml.startsWith('<?xml') && (isSpace(xml.charCodeAt(5)) || xml.charCodeAt(5) === 63)) {
    const end = xml.indexOf('?>', 5);
    if (end < 0) return null;
    i = end + 2;
  }
  for (;;) {
    // BODS writes no white space between tags: the next '<' is usually right here.
    const lt = xml.charCodeAt(i) === 60 ? i : xml.indexOf('<', i);
    if (lt < 0) break;
    let c = xml.charCodeAt(lt + 1);
    if (c === 47) {
      // A closing tag: the name of the element open, then '>'.
      if (depth === 0) return null;
      const open = stackName[depth - 1];
      const len = open.length;
      if (xml.charCodeAt(lt + 2 + len) !== 62 || !xml.startsWith(open, lt + 2)) return null;
      const closed = ctx;
      depth--;
      ctx = depth ? stackCtx[depth - 1] : ROOT;
      if (closed === VA) activityDone(values, objects, onActivity);
      if (depth === 0) rootDone = true;
      i = lt + 3 + len;
      continue;
    }
    if (c >= 128 || NAME_CHAR[c] !== 1) return null;
    // An opening tag: its name (the one that followed the previous opening tag last time, else read and hashed), then '>', '/>' or attributes.
    const nameStart = lt + 1;
    let p = -1, slot = NEXT_SLOT[prevSlot], name = '';
    if (slot >= 0) {
      name = SEEN_NAME[slot]!;
      p = nameStart + name.length;
      c = xml.charCodeAt(p);
      if (!(c === 62 || c === 47 || isSpace(c)) || !xml.startsWith(name, nameStart)) p = -1;
    }
    if (p < 0) {
      slot = readName(xml, nameStart);
      NEXT_SLOT[prevSlot] = slot;
      name = SEEN_NAME[slot]!;
      p = nameStart + name.length;
      c = xml.charCodeAt(p);
    }
    prevSlot = slot;
    const nameLen = name.length;
    let selfClosing = false;
    if (c === 62) p++;
    else if (c === 47 && xml.charCodeAt(p + 1) === 62) {
      selfClosing = true;
      p += 2;
    } else if (isSpace(c)) {
      p = skipAttributes(xml, p);
      if (p < 0) return null;
    } else return null;
    if (depth === 0 && rootDone) return null;
    objects |= 1 << ctx;
    let action = SKIP;
    if (ctx !== SKIP) {
      const id = SEEN_ID[slot];
      if (id >= 0) action = CHILD[ctx * names + id];
    }
    if (depth === 0 && action !== SIRI) return null;
    // Text only, up to its own closing tag (a leaf)? Then it is read and closed here, not pushed.
    let next = p;
    let text: string | null = selfClosing ? '' : null;
    if (!selfClosing) {
      next = xml.indexOf('<', p);
      if (next < 0) return null;
      if (xml.charCodeAt(next + 1) === 47 && xml.charCodeAt(next + 2 + nameLen) === 62 && xml.startsWith(name, next + 2)) {
        text = action >= LEAF ? xml.slice(p, next) : '';
        next += 3 + nameLen;
      } else if (action >= LEAF) return null; // a field element with children
    }
    if (action >= LEAF) {
      const slot = action - LEAF;
      if (slot < VALUE_SLOTS) {
        // Repeated: fast-xml-parser makes an array, of which treeValues reads the first.
        if (values[slot] === undefined) values[slot] = text;
      } else if (slot === SD_RESPONSE) head.sdResponseTimestamp = ++sdResponses === 1 ? text! : undefined;
      else if (slot === SD_PRODUCER) head.producerRef = ++producers === 1 ? text! : undefined;
      else if (vmdCount === 1) head.vmdResponseTimestamp = ++vmdResponses === 1 ? text! : undefined;
    } else if (action !== SKIP) {
      if (action === VA) {
        values.fill(undefined);
        opened &= ~ACTIVITY_BITS;
        objects &= ~ACTIVITY_BITS;
      } else if (action === VMD) vmdCount++;
      else {
        if (opened & (1 << action)) return null;
        opened |= 1 << action;
      }
      if (text !== null) {
        // Closed already (no children): an empty activity still counts; the root closes the document.
        if (action === VA) activityDone(values, objects, onActivity);
        if (depth === 0) rootDone = true;
      }
    }
    if (text === null) {
      if (depth === MAX_DEPTH) return null;
      stackName[depth] = name;
      stackCtx[depth] = action;
      depth++;
      ctx = action;
    }
    i = next;
  }
  // One complete Siri root holding a ServiceDelivery with children (else: the general parser's error).
  if (depth !== 0 || !rootDone || !(objects & (1 << SD))) return null;
  return head;
}

/** The SEEN_NAME slot of the name at xml[at] (hashed as nameHash, up to the first character outside NAME_CHAR), which it holds from now on. Off the hot path: called when the name is not the one predicted. */
function readName(xml: string, at: number): number {
  let h = 0, p = at;
  for (; p < xml.length; p++) {
    const c = xml.charCodeAt(p);
    if (c >= 128 || NAME_CHAR[c] === 0) break;
    h = (Math.imul(h, 31) + c) | 0;
  }
  const slot = h & NAME_MASK;
  const seen = SEEN_NAME[slot];
  if (seen === undefined || seen.length !== p - at || !xml.startsWith(seen, at)) seeName(xml, at, p - at, slot);
  return slot;
}

/** Past the attributes that start at xml[p] (white space): the index after their '>' outside quotes, or -1 (a '<' anywhere, '/>', no end). */
function skipAttributes(xml: string, p: number): number {
  const n = xml.length;
  let quote = 0;
  for (p++; p < n; p++) {
    const c = xml.charCodeAt(p);
    if (c === 60) return -1;
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) break;
  }
  return p >= n || xml.charCodeAt(p - 1) === 47 ? -1 : p + 1;
}

/** Extension fields under MonitoredVehicleJourney count where the activity has no Extensions/VehicleJourney (TicketMachine) of its own, as in treeValues. */
function activityDone(values: unknown[], objects: number, onActivity: (values: ActivityValues) => void): void {
  if (!(objects & (1 << A_VJ))) for (let k = 0; k < VJ_FIELDS.length; k++) values[SLOT[VJ_FIELDS[k]]] = values[ALT + k];
  if (!(objects & (1 << A_TM))) values[SLOT.JourneyCode] = values[ALT_JOURNEY_CODE];
  onActivity(values);
}
