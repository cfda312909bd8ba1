// `npm start`: builds when the build is missing or older than the sources, then serves.
import path from "node:path";

// React and other libraries choose their production builds by NODE_ENV when first loaded; unset,
// they run their development builds (checks and warnings on every render: ~3x slower pages).
process.env.NODE_ENV ??= "production";

const { importServerBuild, root } = await import("./ensure-build.js");
const { start } = await importServerBuild();
await start(path.join(root, "build/client"));
