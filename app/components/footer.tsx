export function Footer() {
  return <footer className="border-t p-4">Cascade Industrial Supply</footer>;
}
