// The map: Leaflet on canvases with no tile server. The base layer is the snapshot's own street
// network (/v1/streets.json) when it has one, else a plain background; over it the route shapes
// (/v1/shapes.json), then the stops, all loaded for the view.
import L from 'leaflet';
import { getJson } from './api.js';
import { decodeLatLngs } from './polyline.js';
import { escapeHtml, status } from './dom.js';

/** Default view: Sheffield (the demo dataset and the default coverage are South and West Yorkshire). */
const START: L.LatLngExpression = [53.383, -1.465];
const START_ZOOM = 14;
/** Stops, streets and shapes are loaded only below these view spans (degrees), as the API bounds boxes. */
const STOPS_MAX_SPAN = 0.9;
const STREETS_MAX_SPAN = 0.25;
const SHAPES_MAX_SPAN = 2;
const STOP_PAGES = 5;
/** Quiet time after a pan or zoom before the view's layers are fetched (ms), so a burst of zoom steps asks once. */
const REFRESH_DELAY_MS = 150;

const STOP_COLOURS: Record<string, string> = { bus_stop: '#1565c0', tram_stop: '#8e24aa', train_station: '#c62828' };
/** Route lines without a usable route_color, by mode (paler than the stops drawn over them). */
const SHAPE_COLOURS: Record<string, string> = { bus: '#6d9bd8', coach: '#5c6bc0', tram: '#ab47bc', rail: '#c62828', ferry: '#00838f', other: '#78909c' };

/** The map and its layers, shared by the panels. */
export interface ExplorerMap {
  map: L.Map;
  renderer: L.Canvas;
  /** Canvases of the base layers, each in its own pane under the overlay pane. */
  baseRenderers: { streets: L.Canvas; shapes: L.Canvas };
  /** Streets (base), route shapes, stops, and a layer per panel (board, journey, disruptions). */
  streets: L.LayerGroup;
  shapes: L.LayerGroup;
  stops: L.LayerGroup;
  board: L.LayerGroup;
  journey: L.LayerGroup;
  disruptions: L.LayerGroup;
  /** Whether the snapshot has a street graph (known after the first streets answer). */
  streetsAvailable: boolean | null;
}

/** A clicked stop: a bus or tram stop (its ATCO code) or a rail station (its CRS code). */
export interface PickedStop {
  name: string;
  atcocode?: string;
  crs?: string;
}

/** Creates the map in #map and keeps its stops, stations and streets loaded for the view. */
export function createMap(onStopClick: (stop: PickedStop) => void): ExplorerMap {
  const renderer = L.canvas({ padding: 0.3 });
  const map = L.map('map', { preferCanvas: true, renderer, zoomControl: true, attributionControl: true }).setView(START, START_ZOOM);
  map.attributionControl.setPrefix('Leaflet').addAttribution('Streets © OpenStreetMap contributors (from the snapshot)');
  // One canvas draws in the order paths were added, and each layer is redrawn on every move: the
  // base layers get panes (and canvases) of their own under the overlay pane so they stay below.
  const layers: ExplorerMap = {
    map,
    renderer,
    baseRenderers: { streets: L.canvas({ padding: 0.3, pane: basePane(map, 'streets', 350) }), shapes: L.canvas({ padding: 0.3, pane: basePane(map, 'shapes', 360) }) },
    streets: L.layerGroup().addTo(map),
    shapes: L.layerGroup().addTo(map),
    stops: L.layerGroup().addTo(map),
    board: L.layerGroup().addTo(map),
    journey: L.layerGroup().addTo(map),
    disruptions: L.layerGroup().addTo(map),
    streetsAvailable: null,
  };
  let seq = 0;
  const refresh = () => {
    const mine = ++seq;
    void loadStreets(layers, () => mine === seq);
    void loadShapes(layers, () => mine === seq);
    void loadStops(layers, onStopClick, () => mine === seq);
  };
  let timer = 0;
  map.on('moveend', () => {
    clearTimeout(timer);
    timer = window.setTimeout(refresh, REFRESH_DELAY_MS);
  });
  refresh();
  return layers;
}

/** A pane under the overlay pane (400) with its own canvas for a non-interactive base layer. */
function basePane(map: L.Map, name: string, zIndex: number): string {
  const pane = map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
  return name;
}

/** Padded box of the current view, and whether it is smaller than `maxSpan` degrees a side. */
function viewBox(map: L.Map, maxSpan: number): Record<string, number> | null {
  const b = map.getBounds().pad(0.1);
  if (b.getNorth() - b.getSouth() > maxSpan || b.getEast() - b.getWest() > maxSpan) return null;
  const r = (x: number) => Math.round(x * 1e5) / 1e5;
  return { min_lat: r(b.getSouth()), min_lon: r(b.getWest()), max_lat: r(b.getNorth()), max_lon: r(b.getEast()) };
}

function addStopMarker(layers: ExplorerMap, stop: { latitude: number; longitude: number }, colour: string, radius: number, label: string, onClick: () => void): void {
  L.circleMarker([stop.latitude, stop.longitude], { renderer: layers.renderer, radius, color: '#ffffff', weight: 1.5, fillColor: colour, fillOpacity: 0.95 })
    .bindTooltip(escapeHtml(label))
    .on('click', onClick)
    .addTo(layers.stops);
}

async function loadStreets(layers: ExplorerMap, current: () => boolean): Promise<void> {
  if (layers.streetsAvailable === false) return;
  const box = viewBox(layers.map, STREETS_MAX_SPAN);
  if (!box) {
    layers.streets.clearLayers();
    return;
  }
  try {
    const body = await getJson('/v1/streets.json', { ...box, max_points: 40_000 });
    if (!current()) return;
    layers.streetsAvailable = body.available;
    layers.streets.clearLayers();
    if (!body.available) return;
    const lines = body.lines.map((line: string) => decodeLatLngs(line));
    // A casing under a white fill, as street maps draw roads.
    const renderer = layers.baseRenderers.streets;
    L.polyline(lines, { renderer, color: '#b3aa9a', weight: 5, opacity: 1, interactive: false }).addTo(layers.streets);
    L.polyline(lines, { renderer, color: '#ffffff', weight: 3, opacity: 1, interactive: false }).addTo(layers.streets);
    document.body.classList.add('has-streets');
  } catch (err) {
    status(`Streets: ${(err as Error).message}`, true);
  }
}

/** A route's own colour unless it would vanish on the pale background (many feeds give white), else the mode's. */
function shapeColour(shape: { colour: string | null; mode: string }): string {
  const c = shape.colour;
  if (c) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255);
    if (0.2126 * r + 0.7152 * g + 0.0722 * b < 0.8) return c;
  }
  return SHAPE_COLOURS[shape.mode] ?? SHAPE_COLOURS.other;
}

/** Route shapes in the view as thin lines under the stops; the busiest and rail/tram drawn last (on top). */
async function loadShapes(layers: ExplorerMap, current: () => boolean): Promise<void> {
  const box = viewBox(layers.map, SHAPES_MAX_SPAN);
  const mapEl = layers.map.getContainer();
  if (!box) {
    layers.shapes.clearLayers();
    mapEl.dataset.shapeLines = '0';
    return;
  }
  try {
    const body = await getJson('/v1/shapes.json', { ...box, max_points: 30_000 });
    if (!current()) return;
    layers.shapes.clearLayers();
    const renderer = layers.baseRenderers.shapes;
    let drawn = 0;
    for (const shape of [...body.shapes].reverse()) {
      const lines = shape.polylines.map((line: string) => decodeLatLngs(line));
      const rail = shape.mode === 'rail' || shape.mode === 'tram';
      L.polyline(lines, { renderer, color: shapeColour(shape), weight: rail ? 3 : 2, opacity: 0.75, interactive: false }).addTo(layers.shapes);
      drawn += lines.length;
    }
    // For tests and curious users: how many lines the layer holds.
    mapEl.dataset.shapeLines = String(drawn);
  } catch (err) {
    status(`Shapes: ${(err as Error).message}`, true);
  }
}

/** Every page (up to STOP_PAGES of 100) of a box search. */
async function allPages(path: string, box: Record<string, string | number>): Promise<any[]> {
  const found: any[] = [];
  for (let page = 1; page <= STOP_PAGES; page++) {
    const body = await getJson(path, { ...box, limit: 100, page });
    found.push(...body.member);
    if (found.length >= body.results_count) break;
  }
  return found;
}

async function loadStops(layers: ExplorerMap, onStopClick: (stop: PickedStop) => void, current: () => boolean): Promise<void> {
  const box = viewBox(layers.map, STOPS_MAX_SPAN);
  if (!box) {
    // As the streets and shapes do: no stops left over from a closer view.
    layers.stops.clearLayers();
    status('Zoom in to see stops.');
    return;
  }
  try {
    // Bus and tram stops from the stop search; rail stations (with their CRS code, for boards) from the station search.
    const [stops, stations] = await Promise.all([allPages('/v1/bus/stops.json', { ...box, type: 'bus_stop,tram_stop' }), allPages('/v1/rail/stations.json', box)]);
    if (!current()) return;
    layers.stops.clearLayers();
    for (const stop of stops) {
      const label = `${stop.name}${stop.indicator ? ` (${stop.indicator})` : ''}${stop.towards ? ` → ${stop.towards}` : ''}`;
      addStopMarker(layers, stop, STOP_COLOURS[stop.type] ?? '#455a64', 5, label, () => onStopClick({ atcocode: stop.atcocode, name: label }));
    }
    for (const station of stations) {
      addStopMarker(layers, station, STOP_COLOURS.train_station, 7, `${station.name} (${station.crs_code})`, () => onStopClick({ crs: station.crs_code, name: station.name }));
    }
    status(`${stops.length + stations.length} stops in view${layers.streetsAvailable === false ? ' (no street map in this snapshot)' : ''}.`);
  } catch (err) {
    status(`Stops: ${(err as Error).message}`, true);
  }
}
