// The search synonyms form's rules, shared by the back office page and the server: a group is
// phrases a buyer means the same by, written as one line split by commas ('ss, stainless steel').
import { z } from "zod";
import { plainText } from "../text/plain-text";

export const MAX_SYNONYM_LINE = 600;
export const MAX_SYNONYM_PHRASES = 10;
export const MAX_SYNONYM_PHRASE = 60;

/** A group's phrases as written: lower case, single spaces, each once, in the order given. */
export function synonymPhrases(line: string): string[] {
  const phrases = plainText(line)
    .split(",")
    .map((phrase) => phrase.toLowerCase().replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return [...new Set(phrases)];
}

const phrasesField = z
  .string({ message: "Enter at least two phrases, separated by commas" })
  .max(MAX_SYNONYM_LINE, `Use at most ${MAX_SYNONYM_LINE} characters`)
  .transform(synonymPhrases)
  .pipe(
    z
      .array(
        z
          .string()
          .max(MAX_SYNONYM_PHRASE, `Keep each phrase to at most ${MAX_SYNONYM_PHRASE} characters`)
          .regex(
            /^[\p{L}\p{N}][\p{L}\p{N} .&+'/-]*$/u,
            "Use letters, digits, spaces and . & + ' / - in a phrase, starting with a letter or digit",
          ),
      )
      .min(2, "Enter at least two different phrases, separated by commas, e.g. ss, stainless steel")
      .max(MAX_SYNONYM_PHRASES, `A group has at most ${MAX_SYNONYM_PHRASES} phrases`),
  );

const groupId = z.uuid("That synonym group does not exist");

export const synonymActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), phrases: phrasesField }),
    z.object({ intent: z.literal("save"), id: groupId, phrases: phrasesField }),
    z.object({ intent: z.literal("delete"), id: groupId }),
  ],
  { message: "Choose to add, save or delete a synonym group" },
);
export type SynonymAction = z.infer<typeof synonymActionSchema>;
