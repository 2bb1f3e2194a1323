import { buildSnapshot, demoLineStatus, demoSiriSx, simulatedSiriVm } from '@transit/builder';
import { openEngine, type DemoFeeds, type OpenedSnapshot } from '@transit/server';

/** Builds the generated demo dataset in memory (a few seconds) and returns its snapshot bytes. */
export async function buildDemoBytes(): Promise<Uint8Array> {
  return (await buildSnapshot({ demo: true, quiet: true })).bytes;
}

/** Builds the demo dataset in memory and opens it. */
export async function openDemoSnapshot(): Promise<OpenedSnapshot> {
  return { engine: openEngine(await buildDemoBytes()), label: 'demo' };
}

/** The builder's generators of the demo's simulated live feeds, for the server's pollers. */
export const demoFeeds: DemoFeeds = { siriVm: simulatedSiriVm, siriSx: demoSiriSx, lineStatus: demoLineStatus };
