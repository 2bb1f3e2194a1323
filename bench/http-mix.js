// The HTTP request mix of bench/http-load.js and bench/soak.js.
/**
 * A request mix: 45% stop boards (busy stops, times across the day), 15% station boards, 15%
 * nearby stops, 10% places, 5% train operators at a station, 5% stops in a box, 5% disruptions
 * near a stop. `unique` makes every URL
 * distinct (a different minute or radius), so nothing can be reused; `boardsOnly` asks for stop
 * boards alone.
 */
export function mixUrls(e, count, day, unique, boardsOnly = false) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const off = e.timetable.stopPatternOffsets;
  const busy = [...Array(e.stopTable.count).keys()].filter((i) => off[i + 1] - off[i] > 0).sort((a, b) => (off[b + 1] - off[b]) - (off[a + 1] - off[a])).slice(0, 400);
  // Stations with platforms in the timetable (a board that lists trains).
  const stationStops = e.reader.u32('stations.stopOffsets');
  const crs = [...Array(e.stationTable.count).keys()].filter((i) => stationStops[i + 1] > stationStops[i]).map((i) => e.station(i).crsCode);
  const words = ['sheffield', 'rotherham', 'barnsley', 'doncaster', 'meadowhall', 'interchange', 'hospital', 'road', 'station', 'park', 'high street', 'S1', 'S10 2', 'crookes', 'hillsborough'];
  const urls = [];
  for (let n = 0; n < count; n++) {
    const minute = unique ? n % 1440 : Math.floor(rand() * 96) * 15;
    const t = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    const r = boardsOnly ? 0 : rand();
    const s = e.stop(pick(busy));
    if (r < 0.45) urls.push(`/v1/bus/stop_timetables/${encodeURIComponent(s.atcocode)}.json?datetime=${t}${unique ? `&limit=${1 + (n % 50)}` : ''}`);
    else if (r < 0.6) urls.push(`/v1/rail/station_timetables/${pick(crs)}.json?datetime=${t}${unique ? `&limit=${1 + (n % 50)}` : ''}`);
    else if (r < 0.75) urls.push(`/v1/bus/stops.json?lat=${s.latitude.toFixed(4)}&lon=${s.longitude.toFixed(4)}&radius=${unique ? 200 + (n % 4000) : 400}`);
    else if (r < 0.85) urls.push(`/v1/places.json?query=${encodeURIComponent(pick(words))}${unique ? `&lat=${(53.3 + rand() * 0.2).toFixed(5)}&lon=${(-1.6 + rand() * 0.4).toFixed(5)}` : ''}`);
    else if (r < 0.9) urls.push(`/v1/rail/routes.json?crs_code=${pick(crs)}${unique ? `&limit=${1 + (n % 100)}` : ''}`);
    else if (r < 0.95) urls.push(`/v1/bus/stops.json?min_lat=${(s.latitude - 0.01).toFixed(4)}&min_lon=${(s.longitude - 0.01).toFixed(4)}&max_lat=${(s.latitude + 0.01).toFixed(4)}&max_lon=${(s.longitude + 0.01).toFixed(4)}${unique ? `&limit=${1 + (n % 100)}` : ''}`);
    else urls.push(`/v1/disruptions.json?lat=${s.latitude.toFixed(4)}&lon=${s.longitude.toFixed(4)}${unique ? `&radius=${1000 + (n % 40000)}` : ''}`);
  }
  return urls;
}
