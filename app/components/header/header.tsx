import { Link } from "react-router";
import { AccountLinks } from "./account-links";

export function Header() {
  return (
    <header className="border-b">
      <Link to="/">Cascade Industrial Supply</Link>
      <AccountLinks className="flex gap-4" />
    </header>
  );
}
