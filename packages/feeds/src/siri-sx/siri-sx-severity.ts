import type { DisruptionMode, DisruptionSeverity } from '@transit/engine';

/**
 * SIRI `Severity` (SeverityEnumeration) -> API severity:
 *
 * | SIRI value | severity |
 * |---|---|
 * | `verySevere`, `severe` | severe |
 * | `normal`, `slight`, `verySlight` | minor |
 * | `noImpact` | information |
 * | `unknown`, `undefined`, absent, anything else | unknown |
 *
 * BODS publishers use `normal` for an ordinary diversion or stop closure, hence minor.
 */
export function siriSeverity(value: string | null): DisruptionSeverity {
  switch (value) {
    case 'verySevere':
    case 'severe':
      return 'severe';
    case 'normal':
    case 'slight':
    case 'verySlight':
      return 'minor';
    case 'noImpact':
      return 'information';
    default:
      return 'unknown';
  }
}

/**
 * SIRI VehicleMode / AffectedMode -> API mode: `tram`, `metro`, `lightRail` -> tram; `rail`,
 * `train`, `urbanRail`, `intercityRail`, `underground` -> rail; null for everything else (the
 * situation then defaults to bus).
 */
export function siriMode(value: string | null): DisruptionMode | null {
  switch (value?.toLowerCase()) {
    case 'tram':
    case 'metro':
    case 'lightrail':
      return 'tram';
    case 'rail':
    case 'train':
    case 'urbanrail':
    case 'intercityrail':
    case 'underground':
      return 'rail';
    default:
      return null;
  }
}
