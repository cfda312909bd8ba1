// Many short lines written as few long ones: each write to a stream costs a call of its own (a COPY's
// message, a task on libuv's threads for zlib), whatever its length.

/** About how long a chunk grows before it is written, in characters. */
const CHUNK_LENGTH = 65_536;

/** Lines joined into chunks of about 64 KB: one write each, not one per line. */
export function* chunks(lines: Iterable<string>) {
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_LENGTH) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** The same for lines handed over one at a time: `write` gets each chunk; `flush` writes what is left. */
export function chunkedWriter(write: (chunk: string) => Promise<void>) {
  let chunk = "";
  const flush = async () => {
    const text = chunk;
    chunk = "";
    if (text) await write(text);
  };
  return {
    async add(line: string) {
      chunk += line;
      if (chunk.length >= CHUNK_LENGTH) await flush();
    },
    flush,
  };
}
