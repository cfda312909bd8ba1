// A tsquery as PostgreSQL prints it (`(query)::text`), read back as a tree, so that the catalogue's
// index in memory matches the very query the SQL path builds, with PostgreSQL's own stemming.

export type TsNode =
  | { op: "word"; word: string; prefix: boolean }
  | { op: "and" | "or"; left: TsNode; right: TsNode }
  /** `left <distance> right`: right `distance` positions after left ends. */
  | { op: "phrase"; left: TsNode; right: TsNode; distance: number }
  | { op: "not"; child: TsNode };

/** The tree of a printed tsquery; undefined for the empty query (it matches nothing). */
export function parseTsQuery(text: string): TsNode | undefined {
  const tokens = text.match(/'(?:[^']|'')*'(?::\*?[A-D]*)?|<\d*-?>|[&|!()]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const primary = (): TsNode => {
    const token = tokens[at++] ?? "";
    if (token === "!") return { op: "not", child: primary() };
    if (token === "(") {
      const inner = or();
      at++;
      return inner;
    }
    const [, word = "", suffix = ""] = /^'((?:[^']|'')*)'(.*)$/.exec(token) ?? [];
    return { op: "word", word: word.replace(/''/g, "'"), prefix: suffix.includes("*") };
  };
  // Operands joined by an operator, left to right: phrase binds tighter than "&", "&" than "|".
  const joined =
    (operand: () => TsNode, isOperator: (token: string) => boolean, op: "and" | "or" | "phrase") => (): TsNode => {
      let node = operand();
      while (isOperator(peek() ?? "")) {
        const token = tokens[at++] ?? "";
        const right = operand();
        node =
          op === "phrase"
            ? { op, left: node, right, distance: token === "<->" ? 1 : Number(token.slice(1, -1)) }
            : { op, left: node, right };
      }
      return node;
    };
  const phrase = joined(primary, (token) => token.startsWith("<"), "phrase");
  const and = joined(phrase, (token) => token === "&", "and");
  const or: () => TsNode = joined(and, (token) => token === "|", "or");
  return tokens.length > 0 ? or() : undefined;
}

/**
 * A phrase of words only (no prefix, "or" or "not" inside) as each word's offset from the phrase's
 * last position, as tsquery's phrase operator places them (the left side ends `distance` plus the
 * right side's width before the right side ends); undefined for any other phrase.
 */
export function phraseChain(node: TsNode): { word: string; offset: number }[] | undefined {
  if (node.op === "word") return node.prefix ? undefined : [{ word: node.word, offset: 0 }];
  if (node.op !== "phrase") return undefined;
  const left = phraseChain(node.left);
  const right = phraseChain(node.right);
  if (!left || !right) return undefined;
  const rightWidth = -Math.min(...right.map((item) => item.offset));
  return [...left.map((item) => ({ ...item, offset: item.offset - node.distance - rightWidth })), ...right];
}

/** Whether some phrase of the tree is more than words in order: PostgreSQL then checks it. */
export const needsPostgres = (node: TsNode): boolean =>
  node.op === "phrase"
    ? phraseChain(node) === undefined
    : node.op === "not"
      ? needsPostgres(node.child)
      : node.op === "word"
        ? false
        : needsPostgres(node.left) || needsPostgres(node.right);
