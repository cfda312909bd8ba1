import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});

// The links the store's e-mails carry hold their secret in the path (an invitation's token, a reset
// link's token): whoever reads the log must not be able to open them.
const SECRET_IN_PATH = /^(\/company\/join\/|\/api\/auth\/reset-password\/)[^/]+/;

/** A request's path as the log keeps it: a link's secret replaced by "[redacted]". */
export const loggedPath = (path: string) => path.replace(SECRET_IN_PATH, "$1[redacted]");
