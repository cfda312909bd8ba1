import { Link } from "react-router";

export function Header() {
  return (
    <header className="border-b">
      <Link to="/">Cascade Industrial Supply</Link>
    </header>
  );
}
