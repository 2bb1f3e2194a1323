/** Simulated disruption feeds for the demo: SIRI-SX over the snapshot's own lines, and a line-status document. */
export { demoSiriSx } from './demo-siri-sx.js';
export { demoLineStatus } from './demo-line-status.js';
export { demoLines, type DemoLine } from './demo-lines.js';
