// The API keys page's forms (docs/decisions/api.md), shared by the page and its action.
import { z } from "zod";
import { required } from "../text/form-fields";

export const API_KEY_NAME_MAX = 80;

export const createApiKeySchema = z.object({
  name: required("Give the key a name, e.g. the system that will use it", API_KEY_NAME_MAX),
});
export const revokeApiKeySchema = z.object({ keyId: z.uuid("That API key does not exist.") });
