// The disruptions layer: /v1/disruptions.json listed in its tab and its affected stops on the map.
import L from 'leaflet';
import { getJson } from './api.js';
import { byId, el, escapeHtml, status } from './dom.js';
import type { ExplorerMap } from './map.js';

const SEVERITY_COLOURS: Record<string, string> = { severe: '#b71c1c', major: '#d84315', moderate: '#ef6c00', minor: '#f9a825', good_service: '#2e7d32' };

/** Wires the disruptions toggle: on, it loads the disruptions and draws them; off, it clears them. */
export function setUpDisruptions(layers: ExplorerMap): void {
  const toggle = byId<HTMLInputElement>('disruptions-toggle');
  toggle.addEventListener('change', () => {
    if (toggle.checked) void show(layers);
    else {
      layers.disruptions.clearLayers();
      byId('disruptions-list').replaceChildren();
    }
  });
}

async function show(layers: ExplorerMap): Promise<void> {
  const list = byId('disruptions-list');
  list.replaceChildren(el('p', 'hint', 'Loading disruptions...'));
  try {
    const body = await getJson('/v1/disruptions.json', { limit: 100 });
    layers.disruptions.clearLayers();
    let drawn = 0;
    const items = body.member.map((d: any) => {
      const colour = SEVERITY_COLOURS[d.severity] ?? '#6a1b9a';
      for (const s of d.affected_stops) {
        if (s.latitude === null || s.longitude === null) continue;
        drawn++;
        L.circleMarker([s.latitude, s.longitude], { renderer: layers.renderer, radius: 9, color: colour, weight: 3, fillColor: colour, fillOpacity: 0.25 })
          .bindPopup(`<strong>${escapeHtml(d.summary ?? d.id)}</strong><br>${escapeHtml(s.name ?? s.atcocode)}<br>${escapeHtml(d.description ?? '')}`)
          .addTo(layers.disruptions);
      }
      return el('div', `disruption ${d.severity}`, el('strong', '', `${d.severity}${d.planned ? ' (planned)' : ''}: ${d.summary ?? d.id}`), el('p', 'hint', `${d.mode} · ${d.affected_stop_count} stops${d.simulated ? ' · simulated' : ''}`));
    });
    const sources = Object.entries(body.sources ?? {}).map(([name, s]: [string, any]) => `${name}: ${s.configured ? (s.failed ? 'failing' : 'ok') : 'not configured'}`);
    list.replaceChildren(el('p', 'hint', `${body.results_count} disruptions · ${drawn} affected stops on the map · ${sources.join(', ')}`), ...items);
    status(`${body.results_count} disruptions.`);
  } catch (err) {
    list.replaceChildren(el('p', 'error', (err as Error).message));
  }
}
