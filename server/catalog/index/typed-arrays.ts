// Typed arrays grown as the index and its build fill them.

/** `array`, or a copy grown (by half again) to hold at least `length`. */
export function atLeast<
  A extends
    | Int32Array<ArrayBuffer>
    | Uint32Array<ArrayBuffer>
    | Uint16Array<ArrayBuffer>
    | Uint8Array<ArrayBuffer>
    | Float64Array<ArrayBuffer>,
>(array: A, length: number): A {
  if (array.length >= length) return array;
  const grown = new (array.constructor as new (size: number) => A)(Math.max(length, Math.ceil(array.length * 1.5)));
  grown.set(array);
  return grown;
}
