// One backup as a .tar.gz, for store admins only: it holds every password hash, session and order.
import { requireAdmin } from "../../../server/accounts/session";
import { backupArchive } from "../../../server/backup/schedule";
import { refusedPage } from "../../../server/form-intents";
import type { Route } from "./+types/backup-download";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const name = params.name;
  const archive = await backupArchive(name).catch(refusedPage);
  return new Response(archive, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}.tar.gz"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
