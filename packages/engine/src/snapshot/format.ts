/**
 * Snapshot file layout, shared by the builder (writer) and the engine (reader).
 *
 * ```
 * [0, 8)    MAGIC  "UKTSNAP\0"
 * [8, 12)   format version, uint32 little-endian (FORMAT_VERSION)
 * [12, 16)  header byte length H, uint32 little-endian
 * [16, 16+H) FlatBuffers Header (header.fbs), then zero padding to 8 bytes
 * then      raw sections, each 8-byte aligned, located by the header's section table
 * ```
 */
export const MAGIC = new Uint8Array([0x55, 0x4b, 0x54, 0x53, 0x4e, 0x41, 0x50, 0x00]); // "UKTSNAP\0"
export const FORMAT_VERSION = 1;
export const PREAMBLE_BYTES = 16;
export const SECTION_ALIGN = 8;

/** Element type of a section. */
export enum DType {
  U8 = 1,
  U16 = 2,
  U32 = 3,
  I32 = 4,
  F32 = 5,
  F64 = 6,
}

export const DTYPE_BYTES: Record<DType, number> = {
  [DType.U8]: 1,
  [DType.U16]: 2,
  [DType.U32]: 4,
  [DType.I32]: 4,
  [DType.F32]: 4,
  [DType.F64]: 8,
};

export const DTYPE_NAMES: Record<DType, string> = {
  [DType.U8]: 'u8',
  [DType.U16]: 'u16',
  [DType.U32]: 'u32',
  [DType.I32]: 'i32',
  [DType.F32]: 'f32',
  [DType.F64]: 'f64',
};

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** Returns the DType of a typed array instance. */
export function dtypeOf(array: TypedArray): DType {
  if (array instanceof Uint8Array) return DType.U8;
  if (array instanceof Uint16Array) return DType.U16;
  if (array instanceof Uint32Array) return DType.U32;
  if (array instanceof Int32Array) return DType.I32;
  if (array instanceof Float32Array) return DType.F32;
  return DType.F64;
}

/** Sentinel for "no such entity" in u32 index columns (shape of a trip without shape, ...). */
export const NONE = 0xffffffff;

/** String index 0 is the empty string: "absent" in every string column. */
export const EMPTY_STRING = 0;
