// A rail station's board (/v1/rail/station_timetables, timetable only) and a click on a train
// drawing its calling points (/v1/rail/services).
import L from 'leaflet';
import { getJson } from './api.js';
import { drawCalls } from './board.js';
import { boardTable, byId, el, hhmm, selectOnly, status } from './dom.js';
import type { ExplorerMap } from './map.js';

/** Shows the board of station `crs` in the Board tab. */
export async function openStationBoard(layers: ExplorerMap, crs: string, title: string): Promise<void> {
  const panel = byId('tab-board');
  panel.replaceChildren(el('h2', '', title), el('p', 'hint', 'Loading trains...'));
  layers.board.clearLayers();
  try {
    const body = await getJson(`/v1/rail/station_timetables/${encodeURIComponent(crs)}.json`, { limit: 15 });
    const station = body.station;
    L.circleMarker([station.latitude, station.longitude], { renderer: layers.renderer, radius: 11, color: '#ff6f00', weight: 3, fill: false }).addTo(layers.board);
    layers.map.setView([station.latitude, station.longitude], Math.max(layers.map.getZoom(), 15));
    const rows = body.departures.map((dep: any) => {
      const row = el('tr', 'departure', el('td', 'time', hhmm(dep.aimed_departure_time)), el('td', 'line', dep.line), el('td', '', dep.destination), el('td', '', dep.platform ? `Plat. ${dep.platform}` : el('span', 'badge scheduled', 'scheduled')));
      row.title = `${dep.operator}; click to draw the train's calls`;
      row.addEventListener('click', () => {
        selectOnly(row, 'tr.departure');
        void drawTrain(layers, dep);
      });
      return row;
    });
    panel.replaceChildren(
      el('h2', '', `${station.name} (${station.crs_code})`),
      el('p', 'hint', 'Rail: timetable only (no live positions).'),
      rows.length ? boardTable(['Time', 'Op.', 'To', 'Platform'], rows) : el('p', 'hint', 'No trains in the next hour.'),
    );
  } catch (err) {
    panel.replaceChildren(el('h2', '', title), el('p', 'error', (err as Error).message));
  }
}

async function drawTrain(layers: ExplorerMap, dep: any): Promise<void> {
  layers.journey.clearLayers();
  try {
    const train = await getJson(`/v1/rail/services/${encodeURIComponent(dep.trip_id)}.json`, { date: dep.aimed_departure_time.slice(0, 10) });
    drawCalls(layers, train.stops, null, '#c62828');
    status(`${dep.operator} to ${dep.destination}: ${train.stops.length} stops (straight lines between calls).`);
  } catch (err) {
    status(`Train: ${(err as Error).message}`, true);
  }
}
