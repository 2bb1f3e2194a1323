// The journey planner: ends picked by search or by clicking the map, itineraries listed, the
// chosen one drawn leg by leg (walking dashed) with its walking steps.
import L from 'leaflet';
import { getJson } from './api.js';
import { byId, el, escapeHtml, hhmm, minutes, selectOnly, status } from './dom.js';
import { decodeLatLngs } from './polyline.js';
import { attachPlaceSearch } from './search.js';
import type { ExplorerMap } from './map.js';

const LEG_COLOURS: Record<string, string> = { walk: '#546e7a', bicycle: '#2e7d32', car: '#37474f', bus: '#1565c0', coach: '#283593', tram: '#8e24aa', rail: '#c62828' };

interface End {
  lat: number;
  lon: number;
  marker: L.Marker;
}

/**
 * The example the tab opens with: Hillsborough (Sheffield) to Leeds city centre, a Supertram ride
 * to Sheffield station then a train on the demo (the API's README example too).
 */
const EXAMPLE = { from: { lat: 53.4, lon: -1.505, label: 'Hillsborough, Sheffield (example)' }, to: { lat: 53.8, lon: -1.55, label: 'Leeds city centre (example)' } };

/** Wires the Journey tab, its ends set to EXAMPLE; a map click sets From while it is empty (or still the example), else To. */
export function setUpJourney(layers: ExplorerMap): void {
  const ends: Record<'from' | 'to', End | null> = { from: null, to: null };
  let example = true;
  const setEnd = (which: 'from' | 'to', lat: number, lon: number, label: string) => {
    ends[which]?.marker.remove();
    const marker = L.marker([lat, lon], { title: which, icon: L.divIcon({ className: `journey-end ${which}`, html: which === 'from' ? 'A' : 'B', iconSize: [22, 22] }) }).addTo(layers.map);
    ends[which] = { lat, lon, marker };
    byId<HTMLInputElement>(`journey-${which}`).value = label;
  };
  for (const which of ['from', 'to'] as const) {
    attachPlaceSearch(byId<HTMLInputElement>(`journey-${which}`), byId(`journey-${which}-results`), (p) => {
      example = false;
      setEnd(which, p.latitude, p.longitude, p.name);
    });
  }
  for (const which of ['from', 'to'] as const) setEnd(which, EXAMPLE[which].lat, EXAMPLE[which].lon, EXAMPLE[which].label);
  layers.map.on('click', (e: L.LeafletMouseEvent) => {
    if (byId('tab-journey').hidden) return;
    if (example) {
      for (const which of ['from', 'to'] as const) ends[which]?.marker.remove();
      [ends.from, ends.to, example] = [null, null, false];
      byId<HTMLInputElement>('journey-to').value = '';
    }
    const which = ends.from ? 'to' : 'from';
    setEnd(which, e.latlng.lat, e.latlng.lng, `${e.latlng.lat.toFixed(5)}, ${e.latlng.lng.toFixed(5)}`);
  });
  byId('journey-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (!ends.from || !ends.to) return status('Pick both ends: search a place or click the map.', true);
    void plan(layers, ends.from, ends.to, byId<HTMLInputElement>('journey-time').value);
  });
}

async function plan(layers: ExplorerMap, from: End, to: End, time: string): Promise<void> {
  const out = byId('journey-results');
  out.replaceChildren(el('p', 'hint', 'Planning...'));
  try {
    const body = await getJson('/v1/journey.json', {
      from_lat: from.lat.toFixed(6),
      from_lon: from.lon.toFixed(6),
      to_lat: to.lat.toFixed(6),
      to_lon: to.lon.toFixed(6),
      datetime: time ? `${time}:00` : undefined,
      include_steps: true,
      include_fares: true,
      limit: 4,
    });
    const cards = body.itineraries.map((it: any, i: number) => itineraryCard(layers, it, i));
    out.replaceChildren(el('p', 'hint', `${body.itineraries.length} itineraries · streets: ${body.street_model}`), ...cards, ...body.notices.map((n: any) => el('p', 'hint', n.message)));
    if (cards.length) cards[0].click();
    else status('No itinerary found; try another time or nearer ends.');
  } catch (err) {
    out.replaceChildren(el('p', 'error', (err as Error).message));
  }
}

function itineraryCard(layers: ExplorerMap, it: any, index: number): HTMLElement {
  const modes = it.legs.map((l: any) => (l.mode === 'walk' ? 'walk' : `${l.mode} ${l.line ?? ''}`.trim())).join(' → ');
  const legs = el('ol', 'legs', ...it.legs.map(legItem));
  const card = el('div', 'itinerary', el('h3', '', `${hhmm(it.start_time)}–${hhmm(it.end_time)} · ${minutes(it.duration_s)} · ${it.transfers} change${it.transfers === 1 ? '' : 's'}`), el('p', 'hint', modes), legs);
  card.dataset.index = String(index);
  card.addEventListener('click', () => {
    selectOnly(card, '.itinerary');
    drawItinerary(layers, it);
  });
  return card;
}

function legItem(leg: any): HTMLElement {
  const what = leg.mode === 'walk' ? `Walk ${leg.distance_m} m` : `${leg.mode} ${leg.line ?? ''} to ${leg.destination ?? leg.to.name}`;
  const item = el('li', `leg ${leg.mode}`, el('strong', '', `${hhmm(leg.start_time)} ${what}`), el('span', 'description', ` from ${leg.from.name} to ${leg.to.name} (${minutes(leg.duration_s)})`));
  if (leg.steps?.length) item.append(el('ul', 'steps', ...leg.steps.map((s: any) => el('li', 'step', `${s.relative_direction.replace(/_/g, ' ')} on ${s.street_name || 'path'} for ${s.distance_m} m (${s.absolute_direction})`))));
  return item;
}

function drawItinerary(layers: ExplorerMap, it: any): void {
  layers.journey.clearLayers();
  const all: [number, number][] = [];
  for (const leg of it.legs) {
    const path = decodeLatLngs(leg.geometry);
    all.push(...path);
    const walking = leg.mode === 'walk' || leg.mode === 'bicycle';
    L.polyline(path, { renderer: layers.renderer, color: LEG_COLOURS[leg.mode] ?? '#000', weight: walking ? 4 : 6, dashArray: walking ? '4 8' : undefined, opacity: 0.9 })
      .bindTooltip(escapeHtml(`${leg.mode}${leg.line ? ` ${leg.line}` : ''}: ${leg.from.name} → ${leg.to.name}`))
      .addTo(layers.journey);
    for (const s of leg.steps ?? []) L.circleMarker([s.latitude, s.longitude], { renderer: layers.renderer, radius: 3, color: '#263238', weight: 1, fillColor: '#fff', fillOpacity: 1 }).bindTooltip(escapeHtml(`${s.relative_direction} on ${s.street_name || 'path'}`)).addTo(layers.journey);
    if (leg.live_vehicle) L.circleMarker([leg.live_vehicle.latitude, leg.live_vehicle.longitude], { renderer: layers.renderer, radius: 7, color: '#2e7d32', weight: 3, fillOpacity: 0.6 }).addTo(layers.journey);
  }
  if (all.length) layers.map.fitBounds(L.latLngBounds(all), { padding: [30, 30] });
}
