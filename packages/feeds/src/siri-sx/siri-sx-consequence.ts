import type { DisruptionLine, DisruptionMode, DisruptionOperator, DisruptionStop } from '@transit/engine';
import { num } from '../feed-values.js';
import { siriMode } from './siri-sx-severity.js';
import { node, nodes, textOf, type XmlNode } from '../xml-node.js';

/** What one `Affects` block names. */
export interface SiriAffects {
  operators: DisruptionOperator[];
  lines: DisruptionLine[];
  stops: DisruptionStop[];
  /** Non-bus modes named by networks, lines or stops (tram, rail). */
  modes: DisruptionMode[];
}

/** Reads `Affects`: Operators/AffectedOperator, Networks/AffectedNetwork/AffectedLine, StopPoints/AffectedStopPoint. */
export function readAffects(affects: XmlNode | undefined): SiriAffects {
  const out: SiriAffects = { operators: [], lines: [], stops: [], modes: [] };
  if (!affects) return out;
  const addMode = (v: string | null) => {
    const m = siriMode(v);
    if (m && !out.modes.includes(m)) out.modes.push(m);
  };
  for (const op of [...nodes(node(affects, 'Operators'), 'AffectedOperator'), ...nodes(affects, 'AffectedOperator')]) out.operators.push(readOperator(op));
  for (const network of nodes(node(affects, 'Networks'), 'AffectedNetwork')) {
    addMode(textOf(network, 'VehicleMode'));
    addMode(textOf(network, 'AffectedMode'));
    for (const line of nodes(network, 'AffectedLine')) {
      addMode(textOf(line, 'VehicleMode'));
      addMode(textOf(line, 'AffectedMode'));
      const ref = textOf(line, 'LineRef');
      const name = textOf(line, 'PublishedLineName') ?? ref;
      if (name === null) continue;
      out.lines.push({ name: name.replace(/_/g, ' '), ref, operators: nodes(line, 'AffectedOperator').map(readOperator) });
    }
  }
  for (const sp of nodes(node(affects, 'StopPoints'), 'AffectedStopPoint')) {
    const atcocode = textOf(sp, 'StopPointRef');
    if (atcocode === null) continue;
    const loc = node(sp, 'Location');
    const lat = num(textOf(loc, 'Latitude'));
    const lon = num(textOf(loc, 'Longitude'));
    const ok = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
    out.stops.push({ atcocode, name: textOf(sp, 'StopPointName'), lat: ok ? lat : null, lon: ok ? lon : null });
    for (const m of nodes(node(sp, 'AffectedModes'), 'Mode')) addMode(textOf(m, 'VehicleMode'));
  }
  return out;
}

function readOperator(op: XmlNode): DisruptionOperator {
  return { code: textOf(op, 'OperatorRef'), name: textOf(op, 'OperatorName') };
}
