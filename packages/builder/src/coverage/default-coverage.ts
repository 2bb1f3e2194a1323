/**
 * South and West Yorkshire, the API's default routing coverage: a hand-drawn outline of the two
 * metropolitan counties (Sheffield, Rotherham, Barnsley, Doncaster; Leeds, Bradford, Calderdale,
 * Kirklees, Wakefield) with a margin of a kilometre or two, lat/lon. Generous rather than tight:
 * a journey from just over the boundary is better planned than refused.
 */
export const SOUTH_AND_WEST_YORKSHIRE: { name: string; rings: [lat: number, lon: number][][] } = {
  name: 'South and West Yorkshire',
  rings: [[
    [53.965, -1.99], [53.975, -1.6], [53.955, -1.3], [53.81, -1.19], [53.72, -1.08], [53.67, -0.94], [53.61, -0.85],
    [53.48, -0.92], [53.4, -0.99], [53.31, -1.11], [53.285, -1.35], [53.295, -1.56], [53.33, -1.71], [53.42, -1.81],
    [53.52, -1.87], [53.6, -1.99], [53.68, -2.11], [53.725, -2.19], [53.8, -2.09], [53.885, -2.03],
  ]],
};
