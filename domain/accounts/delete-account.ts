// Deleting one's own account from My Account: the form's rule and the texts the browser and the
// server both show (docs/product-rules.md, Retention).
import { z } from "zod";
import { signInSchema } from "./account-schemas";

export const deleteAccountSchema = z.object({ password: signInSchema.shape.password });

export const ADMIN_CANNOT_DELETE =
  "Admin accounts cannot be deleted here: the audit log must keep which admin made each change.";
export const INCORRECT_PASSWORD = "Incorrect password";
