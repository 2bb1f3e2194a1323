// A stop's board: departures with live estimates marked, their vehicles on the map, and a
// click on a departure draws that journey (its stops) and its route's shape.
import L from 'leaflet';
import { getJson } from './api.js';
import { boardTable, byId, el, escapeHtml, hhmm, selectOnly, status } from './dom.js';
import { decodeLatLngs } from './polyline.js';
import type { ExplorerMap } from './map.js';

/** Shows the board of `atcocode` in the Board tab and its live vehicles on the map. */
export async function openBoard(layers: ExplorerMap, atcocode: string, title: string): Promise<void> {
  const panel = byId('tab-board');
  panel.replaceChildren(el('h2', '', title), el('p', 'hint', 'Loading departures...'));
  layers.board.clearLayers();
  try {
    const body = await getJson(`/v1/bus/stop_timetables/${encodeURIComponent(atcocode)}.json`, { live: true, limit: 15 });
    const stop = body.stop;
    L.circleMarker([stop.latitude, stop.longitude], { renderer: layers.renderer, radius: 10, color: '#ff6f00', weight: 3, fill: false }).addTo(layers.board);
    const rows = body.departures.map((dep: any) => departureRow(layers, dep));
    const liveCount = body.departures.filter((d: any) => d.source !== 'gtfs_scheduled').length;
    // The stop and the vehicles coming to it, in view.
    const vehicles = body.departures.filter((d: any) => d.live_vehicle).map((d: any) => [d.live_vehicle.latitude, d.live_vehicle.longitude] as [number, number]);
    if (vehicles.length) layers.map.fitBounds(L.latLngBounds([[stop.latitude, stop.longitude], ...vehicles]), { padding: [60, 60], maxZoom: 16 });
    else layers.map.setView([stop.latitude, stop.longitude], Math.max(layers.map.getZoom(), 16));
    panel.replaceChildren(
      el('h2', '', `${stop.name}${stop.indicator ? ` (${stop.indicator})` : ''}`),
      el('p', 'hint', `${stop.locality ?? ''}${stop.towards ? ` · towards ${stop.towards}` : ''} · ${liveCount} live of ${body.departures.length}${body.live_error ? ` · live: ${body.live_error}` : ''}`),
      rows.length ? boardTable(['Time', 'Line', 'To', 'Status'], rows) : el('p', 'hint', 'No departures in the next hour.'),
    );
  } catch (err) {
    panel.replaceChildren(el('h2', '', title), el('p', 'error', (err as Error).message));
  }
}

function departureRow(layers: ExplorerMap, dep: any): HTMLTableRowElement {
  const live = dep.source !== 'gtfs_scheduled';
  const aimed = hhmm(dep.aimed_departure_time);
  const best = hhmm(dep.best_departure_estimate);
  const time = el('td', 'time', best, best !== aimed ? el('s', 'aimed', aimed) : null);
  const badge = el('span', `badge ${live ? 'live' : 'scheduled'}`, live ? `live ${dep.status.replace('_', ' ')}` : 'scheduled');
  const row = el('tr', `departure${live ? ' live' : ''}`, time, el('td', 'line', dep.line), el('td', '', dep.destination), el('td', '', badge));
  row.title = `${dep.line_name} (${dep.operator}); click to draw the journey`;
  row.addEventListener('click', () => {
    selectOnly(row, 'tr.departure');
    void drawJourney(layers, dep);
  });
  if (dep.live_vehicle) vehicleMarker(dep.live_vehicle, dep).addTo(layers.board);
  return row;
}

/** A live vehicle: a bus icon where its last fix put it. */
function vehicleMarker(v: any, dep: any): L.Marker {
  const icon = L.divIcon({ className: 'vehicle', html: `<span>${escapeHtml(dep.line)}</span>`, iconSize: [28, 20] });
  return L.marker([v.latitude, v.longitude], { icon, title: `${dep.line} to ${dep.destination}` }).bindTooltip(
    escapeHtml(`${dep.line} to ${dep.destination}: vehicle ${v.vehicle_ref}${v.simulated ? ' (simulated)' : ''}, fix at ${hhmm(v.recorded_at_time)}`),
  );
}

/** Draws a departure's journey: its route shape (the direction's), its stops, and its vehicle. */
async function drawJourney(layers: ExplorerMap, dep: any): Promise<void> {
  layers.journey.clearLayers();
  try {
    const trip = await getJson(`/v1/bus/services/${encodeURIComponent(dep.dated_vehicle_journey_ref ?? dep.trip_id)}.json`, { live: true });
    const shape = await routeShape(dep).catch(() => null);
    drawCalls(layers, trip.stops, shape, '#ff6f00');
    if (trip.live_vehicle) vehicleMarker(trip.live_vehicle, dep).addTo(layers.journey);
    status(`${dep.line} to ${dep.destination}: ${trip.stops.length} stops${shape ? ', route shape drawn' : ' (no published shape: straight lines between stops)'}.`);
  } catch (err) {
    status(`Journey: ${(err as Error).message}`, true);
  }
}

/**
 * Draws a trip's calls on the journey layer in `colour`: its path (`shape`, else straight lines
 * between the calls), a dot per call with its time, and fits the map to the path.
 */
export function drawCalls(layers: ExplorerMap, calls: any[], shape: [number, number][] | null, colour: string): void {
  const path = shape ?? calls.map((s): [number, number] => [s.latitude, s.longitude]);
  L.polyline(path, { renderer: layers.renderer, color: colour, weight: 5, opacity: 0.85 }).addTo(layers.journey);
  for (const s of calls) {
    L.circleMarker([s.latitude, s.longitude], { renderer: layers.renderer, radius: 4, color: colour, weight: 2, fillColor: '#fff', fillOpacity: 1 })
      .bindTooltip(escapeHtml(`${hhmm(s.aimed_departure_time ?? s.aimed_arrival_time)} ${s.name}`))
      .addTo(layers.journey);
  }
  layers.map.fitBounds(L.latLngBounds(path), { padding: [30, 30] });
}

/** The shape of the departure's direction on its route (`{operator_code}-{line}`), or null. */
async function routeShape(dep: any): Promise<[number, number][] | null> {
  if (!dep.operator_code) return null;
  const route = await getJson(`/v1/bus/routes/${encodeURIComponent(`${dep.operator_code}-${dep.line}`)}.json`, { limit: 1 });
  const direction = route.directions?.find((d: any) => d.direction === dep.direction);
  return direction?.shape ? decodeLatLngs(direction.shape.polyline) : null;
}
