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

/** Whether some phrase of the tree holds a prefix or a negation: PostgreSQL then checks it. */
export const needsPostgres = (node: TsNode): boolean =>
  node.op === "phrase"
    ? positionTest(node) === undefined
    : node.op === "not"
      ? needsPostgres(node.child)
      : node.op === "word"
        ? false
        : needsPostgres(node.left) || needsPostgres(node.right);

/** Each operand's positions: the first `count[k]` of `at[k]` (reused from product to product). */
export interface OperandPositions {
  count: Int32Array;
  at: Int32Array[];
}

/** Room for `operands` operands' positions, `capacity` each (a product's positions at most). */
export const operandPositions = (operands: number, capacity: number): OperandPositions => ({
  count: new Int32Array(operands),
  at: Array.from({ length: operands }, () => new Int32Array(capacity)),
});

/** Where a phrase holds: the positions its matches end at, and its width (tsvector_op.c's ExecPhraseData). */
interface PhraseFound {
  ends: number[];
  width: number;
}

/**
 * A tree as a test on where its words are: `words` numbers its word operands left to right, and
 * `holds` takes each operand's positions. And/or are true or false as TS_execute takes them; a
 * phrase holds where TS_phrase_execute finds it, "or" and "and" inside it included (their narrower
 * side's ends moved to the wider's, a side matched nowhere being of width 0). Undefined with a
 * prefix or a negation: PostgreSQL answers those.
 */
export function positionTest(
  tree: TsNode,
): { words: string[]; holds: (positions: OperandPositions) => boolean } | undefined {
  const words: string[] = [];
  const operand = (node: TsNode & { op: "word" }) => (node.prefix ? undefined : words.push(node.word) - 1);
  const phrase = (node: TsNode): ((positions: OperandPositions) => PhraseFound | undefined) | undefined => {
    if (node.op === "not") return undefined;
    if (node.op === "word") {
      const at = operand(node);
      if (at === undefined) return undefined;
      return ({ count, at: lists }) => {
        const found = count[at] ?? 0;
        return found > 0 ? { ends: Array.from(lists[at]?.subarray(0, found) ?? []), width: 0 } : undefined;
      };
    }
    const left = phrase(node.left);
    const right = phrase(node.right);
    if (!left || !right) return undefined;
    if (node.op === "or")
      return (positions) => {
        const l = left(positions);
        const r = right(positions);
        const width = Math.max(l?.width ?? 0, r?.width ?? 0);
        const ends = [l, r].flatMap((side) => side?.ends.map((end) => end + width - side.width) ?? []);
        return ends.length > 0 ? { ends, width } : undefined;
      };
    const { op } = node;
    const distance = op === "phrase" ? node.distance : 0;
    return (positions) => {
      const l = left(positions);
      const r = l && right(positions);
      if (!l || !r) return undefined;
      const width = op === "phrase" ? distance + l.width + r.width : Math.max(l.width, r.width);
      const leftShift = op === "phrase" ? distance + r.width : width - l.width;
      const rightShift = op === "phrase" ? 0 : width - r.width;
      const ends = l.ends
        .map((end) => end + leftShift)
        .filter((end) => r.ends.some((other) => other + rightShift === end));
      return ends.length > 0 ? { ends, width } : undefined;
    };
  };
  const test = (node: TsNode): ((positions: OperandPositions) => boolean) | undefined => {
    if (node.op === "not") return undefined;
    if (node.op === "word") {
      const at = operand(node);
      return at === undefined ? undefined : ({ count }) => (count[at] ?? 0) > 0;
    }
    const chain = node.op === "phrase" ? phraseChain(node) : undefined;
    if (chain) {
      // Words in order, the usual phrase: tried at each place its last word is, allocating nothing.
      const operands = chain.map((item) => words.push(item.word) - 1);
      const last = operands[operands.length - 1] ?? 0;
      const offsets = chain.map((item) => item.offset);
      return ({ count, at: lists }) => {
        const ends = lists[last];
        for (let e = 0; ends && e < (count[last] ?? 0); e++) {
          let k = 0;
          for (; k < operands.length - 1; k++) {
            const operand = operands[k] ?? 0;
            const list = lists[operand];
            const wanted = (ends[e] ?? 0) + (offsets[k] ?? 0);
            let i = 0;
            while (list && i < (count[operand] ?? 0) && list[i] !== wanted) i++;
            if (i === (count[operand] ?? 0)) break;
          }
          if (k === operands.length - 1) return true;
        }
        return false;
      };
    }
    if (node.op === "phrase") {
      const found = phrase(node);
      return found && ((positions) => found(positions) !== undefined);
    }
    const left = test(node.left);
    const right = test(node.right);
    if (!left || !right) return undefined;
    return node.op === "and"
      ? (positions) => left(positions) && right(positions)
      : (positions) => left(positions) || right(positions);
  };
  const holds = test(tree);
  return holds && { words, holds };
}
