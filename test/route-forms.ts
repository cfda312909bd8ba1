// What a route's action reads, found from the route module itself: the intents its dispatcher
// answers and the fields of every zod schema it parses, so that the hostile-input fuzzer sends a
// new route's, intent's or field's values without a word added to the test.
//
// The module's source is parsed (TypeScript's parser, no type check). The schemas are its
// identifiers named `…Schema`: an imported one is imported and its zod shape walked (nested objects
// become `shipping.line1`, lists `lines[0].quantity` and `scopes`); one declared in the module is
// read from its `z.object({ … })` literal. Beside them: the names its own code reads from the form
// (`formData.get(CERTIFICATE_FILE_FIELD)`, `formObject(form, ["productId"])`), the `name` of every
// field its page renders, and the `intent` values its forms post.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { z } from "zod";

export interface RouteForm {
  /** The intents the action answers, in the order found; empty for an action without one. */
  intents: string[];
  /** Every field name the action or its page's forms use, as a form posts it. */
  fields: string[];
}

const appFolder = path.join(import.meta.dirname, "../app");

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

const isZod = (value: unknown) => defOf(value) !== undefined;

/** The literal values a schema accepts, for an `intent` that is an enum or a literal. */
function literalsOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === "enum") return Object.values(def.entries as Record<string, string>).map(String);
  if (def.type === "literal") return (def.values as unknown[]).map(String);
  if (["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"].includes(def.type))
    return literalsOf(def.innerType);
  if (def.type === "pipe") return [...literalsOf(def.in), ...literalsOf(def.out)];
  if (def.type === "union") return (def.options as unknown[]).flatMap(literalsOf);
  return [];
}

/** Every field path of a zod schema as a form names it, and the values its `intent` field takes. */
interface Found {
  fields: Set<string>;
  intents: Set<string>;
}

export function schemaFields(
  schema: unknown,
  prefix = "",
  found: Found = { fields: new Set(), intents: new Set() },
  depth = 0,
): Found {
  const def = defOf(schema);
  if (!def || depth > 12) return found;
  const walk = (inner: unknown, at = prefix): Found => schemaFields(inner, at, found, depth + 1);
  switch (def.type) {
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        const name = prefix ? `${prefix}.${key}` : key;
        if (key === "intent" && !prefix) for (const intent of literalsOf(value)) found.intents.add(intent);
        walk(value, name);
      }
      return found;
    case "array":
      // A checkbox group or repeated input posts the bare name; Conform's rows post `name[0]…`.
      if (prefix) found.fields.add(prefix);
      return walk(def.element, `${prefix}[0]`);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      return walk(def.innerType);
    case "pipe":
      walk(def.in);
      return walk(def.out);
    case "union":
      for (const option of def.options as unknown[]) walk(option);
      return found;
    case "intersection":
      walk(def.left);
      return walk(def.right);
    case "lazy":
      return walk((def.getter as () => unknown)());
    case "transform":
      return found;
    default:
      if (prefix) found.fields.add(prefix);
      return found;
  }
}

/** A module's named imports: the local name, the module's path and the name it exports. */
function importsOf(source: ts.SourceFile, file: string) {
  const imports = new Map<string, { module: string; name: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith(".")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (element.isTypeOnly) continue;
      imports.set(element.name.text, {
        module: path.resolve(path.dirname(file), specifier),
        name: (element.propertyName ?? element.name).text,
      });
    }
  }
  return imports;
}

/** The top-level `const name = …` declarations of a module. */
function constantsOf(source: ts.SourceFile) {
  const constants = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.initializer)
        constants.set(declaration.name.text, declaration.initializer);
  }
  return constants;
}

/** A `z.object({ … })` literal's keys (and its nested objects' as `a.b`). */
function literalShapeKeys(expression: ts.Expression, prefix = ""): string[] {
  let node: ts.Expression = expression;
  // `z.object({…}).strict().refine(…)`: down the chain to the call that took the shape.
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const method = node.expression.name.text;
    const [shape] = node.arguments;
    if (["object", "strictObject", "looseObject"].includes(method) && shape && ts.isObjectLiteralExpression(shape))
      return shape.properties.flatMap((property) => {
        if (!ts.isPropertyAssignment(property)) return [];
        const key = property.name.getText().replace(/^["']|["']$/g, "");
        const name = prefix ? `${prefix}.${key}` : key;
        const nested = literalShapeKeys(property.initializer, name);
        return nested.length > 0 ? nested : [name];
      });
    node = node.expression.expression;
  }
  return [];
}

/** The form of one route module (a path under app/, as app/routes.ts names it). */
export async function routeForm(routeFile: string): Promise<RouteForm> {
  const file = path.join(appFolder, routeFile);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imports = importsOf(source, file);
  const constants = constantsOf(source);
  const loaded = new Map<string, Record<string, unknown>>();
  const load = async (module: string) => {
    const known = loaded.get(module);
    if (known) return known;
    const exports = (await import(module)) as Record<string, unknown>;
    loaded.set(module, exports);
    return exports;
  };

  /** An imported value, by its local name. */
  const imported = async (name: string) => {
    const from = imports.get(name);
    return from ? (await load(from.module))[from.name] : undefined;
  };

  /** The text an expression stands for: a literal, a constant, or a property of an imported object. */
  const textOf = async (node: ts.Expression): Promise<string | undefined> => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isIdentifier(node)) {
      const local = constants.get(node.text);
      if (local) return textOf(local);
      const value = await imported(node.text);
      return typeof value === "string" ? value : undefined;
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const object = await imported(node.expression.text);
      const value = (object as Record<string, unknown> | undefined)?.[node.name.text];
      return typeof value === "string" ? value : undefined;
    }
    return undefined;
  };

  const fields = new Set<string>();
  const intents = new Set<string>();
  const schemaNames = new Set<string>();
  const pending: Promise<void>[] = [];
  const addText = (node: ts.Expression | undefined, to: Set<string>) => {
    if (node) pending.push(textOf(node).then((text) => void (text !== undefined && to.add(text))));
  };
  const addKeys = (object: ts.ObjectLiteralExpression) => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const key = property.name.getText().replace(/^["']|["']$/g, "");
      fields.add(key);
      if (key === "intent" && ts.isPropertyAssignment(property)) addText(property.initializer, intents);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && /Schema$/.test(node.text)) schemaNames.add(node.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first, second] = node.arguments;
      // formData.get("x"), form.getAll(FIELD), form.has("x")
      if (
        ts.isPropertyAccessExpression(callee) &&
        ["get", "getAll", "has"].includes(callee.name.text) &&
        /form/i.test(callee.expression.getText()) &&
        first
      )
        addText(first, fields);
      // formObject(form, ["productId", "quantity"])
      if (ts.isIdentifier(callee) && callee.text === "formObject" && second && ts.isArrayLiteralExpression(second))
        for (const element of second.elements) addText(element, fields);
      // dispatchIntent(args, { intent: {…} }) or dispatchIntent(args, intents)
      if (ts.isIdentifier(callee) && callee.text === "dispatchIntent" && second) {
        const table = ts.isIdentifier(second) ? constants.get(second.text) : second;
        const literal =
          table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) ? table.expression : table);
        if (literal && ts.isObjectLiteralExpression(literal))
          for (const property of literal.properties)
            if (property.name) intents.add(property.name.getText().replace(/^["']|["']$/g, ""));
      }
    }
    // <input name="x" />, <input name={UPLOAD_FIELDS.pictures} />, and an intent posted by value
    if (ts.isJsxAttributes(node)) {
      const attribute = (name: string) =>
        node.properties.find(
          (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name,
        );
      const expressionOf = (property: ts.JsxAttribute | undefined) => {
        const initializer = property?.initializer;
        if (!initializer) return undefined;
        if (ts.isStringLiteral(initializer)) return initializer;
        return ts.isJsxExpression(initializer) ? initializer.expression : undefined;
      };
      const name = expressionOf(attribute("name"));
      addText(name, fields);
      if (name && ts.isStringLiteral(name) && name.text === "intent")
        addText(expressionOf(attribute("value")), intents);
      // <ConfirmedAction fields={{ intent: "revoke", keyId }} />
      const posted = expressionOf(attribute("fields"));
      if (posted && ts.isObjectLiteralExpression(posted)) addKeys(posted);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  await Promise.all(pending);

  for (const name of schemaNames) {
    let schema: unknown = await imported(name);
    // A schema made for a day (`quoteAnswerSchema(today)`): its fields do not depend on it.
    if (typeof schema === "function")
      schema = (schema as (day: string) => unknown)(new Date().toISOString().slice(0, 10));
    if (isZod(schema)) {
      const found = schemaFields(schema as z.ZodType);
      for (const field of found.fields) fields.add(field);
      for (const intent of found.intents) intents.add(intent);
      continue;
    }
    const local = constants.get(name);
    if (local) for (const key of literalShapeKeys(local)) fields.add(key);
  }
  fields.delete("intent");
  return { intents: [...intents], fields: [...fields].sort() };
}
