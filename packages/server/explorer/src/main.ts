// The map explorer at `/`: wires the key form, the search box, the map and the three panels.
import { apiKey, saveKey } from './api.js';
import { byId } from './dom.js';
import { createMap } from './map.js';
import { attachPlaceSearch } from './search.js';
import { openBoard } from './board.js';
import { openStationBoard } from './station.js';
import { setUpJourney } from './journey.js';
import { setUpDisruptions } from './disruptions.js';

function showTab(name: string): void {
  document.querySelectorAll<HTMLButtonElement>('#tabs button').forEach((b) => b.classList.toggle('active', b.dataset.tab === name));
  document.querySelectorAll<HTMLElement>('.tab').forEach((t) => (t.hidden = t.id !== `tab-${name}`));
}

function start(): void {
  const layers = createMap((stop) => {
    showTab('board');
    void (stop.crs ? openStationBoard(layers, stop.crs, stop.name) : openBoard(layers, stop.atcocode!, stop.name));
  });
  attachPlaceSearch(byId<HTMLInputElement>('search-input'), byId('search-results'), (place) => {
    if (place.atcocode) {
      showTab('board');
      void openBoard(layers, place.atcocode, place.name);
    } else if (place.crs_code) {
      showTab('board');
      void openStationBoard(layers, place.crs_code, place.name);
    } else layers.map.setView([place.latitude, place.longitude], Math.max(layers.map.getZoom(), 15));
  });
  setUpJourney(layers);
  setUpDisruptions(layers);
  document.querySelectorAll<HTMLButtonElement>('#tabs button').forEach((b) => b.addEventListener('click', () => showTab(b.dataset.tab!)));
}

// The key form: shown first without a key (not the demo, none saved) and after a 401.
byId('key-form').addEventListener('submit', (e) => {
  e.preventDefault();
  saveKey(byId<HTMLInputElement>('key-input').value);
  location.reload();
});
if (apiKey()) start();
else byId('key-form').hidden = false;
