// A tsquery as PostgreSQL prints it (`(query)::text`), read back as a tree, so that the catalogue's
// index in memory matches the very query the SQL path builds, with PostgreSQL's own stemming.

export type TsNode =
  | { op: "word"; word: string; prefix: boolean }
  | { op: "and" | "or"; left: TsNode; right: TsNode }
  | { op: "phrase"; left: TsNode; right: TsNode }
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
        at++;
        node = { op, left: node, right: operand() };
      }
      return node;
    };
  const phrase = joined(primary, (token) => token.startsWith("<"), "phrase");
  const and = joined(phrase, (token) => token === "&", "and");
  const or: () => TsNode = joined(and, (token) => token === "|", "or");
  return tokens.length > 0 ? or() : undefined;
}

/** Whether the tree asks for word positions (a phrase), which the index does not keep. */
export const hasPhrase = (node: TsNode): boolean =>
  node.op === "phrase" ||
  (node.op === "not"
    ? hasPhrase(node.child)
    : node.op === "word"
      ? false
      : hasPhrase(node.left) || hasPhrase(node.right));
