/** Text matched literally inside a LIKE pattern: its own %, _ and \ do not act as wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
