// npm scripts run on the Node that the `node` devDependency installs; an install with
// --ignore-scripts leaves the machine's older Node in place, which this catches early.
const major = Number.parseInt(process.versions.node.split(".")[0], 10);
if (major < 22) {
  console.error(
    `Node ${process.version} is too old: this store needs Node 22 or newer. Run "npm install" (without --ignore-scripts) so that npm scripts use the bundled Node 24.`,
  );
  process.exit(1);
}
