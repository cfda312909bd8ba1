/** A promise and the function that settles it: for a test to hold one request until it lets it go. */
export function deferred() {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
