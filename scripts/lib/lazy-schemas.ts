import { fileURLToPath } from 'node:url'
import { type ESTree, type Plugin, parseAst } from 'vite'

const shared = fileURLToPath(new URL('../../src/shared/', import.meta.url))
const helper = fileURLToPath(new URL('../../src/web/lib/lazy-schema.ts', import.meta.url))
/**
 * The shared modules, and the web app's own modules that build schemas at their top level (forms,
 * answers of the web's own calls): once zod loads after the page is usable (ADR 053), a schema
 * built while a module is evaluated would come too soon.
 */
const SCHEMA_SOURCES = [shared, fileURLToPath(new URL('../../src/web/', import.meta.url))]
const LEFT_AS_WRITTEN = new Set(
  ['lazy-schema.ts', 'lazy-zod.ts', 'zod-jitless.ts'].map((file) =>
    fileURLToPath(new URL(`../../src/web/lib/${file}`, import.meta.url)),
  ),
)

/** Calls that give something other than a schema: their results are left as they are. */
const NOT_A_SCHEMA = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'toJSONSchema'])

type Node = ESTree.Node & { start: number; end: number }

/** The name a call chain starts from: `z` in `z.object({}).strict()`, `fooSchema` in `fooSchema.extend()`. */
function chainRoot(node: ESTree.Node): string | null {
  let current: ESTree.Node = node
  for (;;) {
    if (current.type === 'CallExpression') current = current.callee
    else if (current.type === 'MemberExpression') current = current.object
    else return current.type === 'Identifier' ? current.name : null
  }
}

/**
 * Imported helpers that return a schema (shared/validation.ts, web/lib/text-number.ts): a call to
 * one at a module's top level builds a schema.
 */
const SCHEMA_HELPERS = new Set(['requiredText', 'fromText'])

/**
 * A schema built where the module is evaluated: a method call on `z`, on a schema of this module
 * or on an imported name that says it is one (`…Schema`, `…Field`), as the shared modules name them;
 * a part of such a schema (`inputSchema.shape.date`); or a call to a function that builds one (a
 * function of this module that uses `z.`, or an imported helper of `SCHEMA_HELPERS`).
 */
function isSchemaExpression(
  node: ESTree.Node,
  schemas: Set<string>,
  imported: Set<string>,
  builders: Set<string>,
  source: (node: ESTree.Node) => string,
): boolean {
  const root = chainRoot(node)
  if (root === null) return false
  const isSchema = root === 'z' || schemas.has(root) || (imported.has(root) && /(Schema|Field)$/.test(root))
  // A field of an object schema; other properties (`.options`) are left as they are.
  if (node.type === 'MemberExpression') return root !== 'z' && isSchema && /\.shape\.\w+$/.test(source(node))
  if (node.type !== 'CallExpression') return false
  if (node.callee.type === 'Identifier') return builders.has(node.callee.name)
  if (node.callee.type !== 'MemberExpression') return false
  const method = node.callee.property
  if (method.type === 'Identifier' && NOT_A_SCHEMA.has(method.name)) return false
  return isSchema
}

/**
 * Wraps each schema a shared module builds at its top level (a `const`, or a value of a `const`
 * object of fields) in `lazySchema(() => …)`, marked pure: a page builds only the schemas it
 * parses with, when it first does, and the build drops those nothing uses (ADR 051).
 */
export function lazySharedSchemas(code: string): string | null {
  const program = parseAst(code)
  const imported = new Set<string>()
  const schemas = new Set<string>()
  const builders = new Set<string>()
  const wraps: Node[] = []
  const source = (node: ESTree.Node) => code.slice((node as Node).start, (node as Node).end)
  const buildsSchemas = (node: ESTree.Node) => source(node).includes('z.')
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration')
      for (const specifier of statement.specifiers) {
        imported.add(specifier.local.name)
        if (SCHEMA_HELPERS.has(specifier.local.name)) builders.add(specifier.local.name)
      }
    const declaration =
      statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement
    if (declaration.type === 'FunctionDeclaration' && declaration.id && buildsSchemas(declaration))
      builders.add(declaration.id.name)
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
    for (const declarator of declaration.declarations) {
      const init = declarator.init
      if (!init || declarator.id.type !== 'Identifier') continue
      if (
        (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') &&
        buildsSchemas(init)
      )
        builders.add(declarator.id.name)
      else if (isSchemaExpression(init, schemas, imported, builders, source)) {
        schemas.add(declarator.id.name)
        wraps.push(init as Node)
      } else if (init.type === 'ObjectExpression') {
        for (const property of init.properties)
          if (
            property.type === 'Property' &&
            isSchemaExpression(property.value, schemas, imported, builders, source)
          )
            wraps.push(property.value as Node)
      }
    }
  }
  if (wraps.length === 0) return null
  let out = code
  for (const node of wraps.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, node.start)}/* @__PURE__ */ __lazySchema(() => ${out.slice(node.start, node.end)})${out.slice(node.end)}`
  return `import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n${out}`
}

/** The web build's schemas, built on first use (the server and the tests build them as written). */
export function lazySchemasPlugin(): Plugin {
  return {
    name: 'crestline-lazy-shared-schemas',
    apply: 'build',
    transform(code, id) {
      if (!SCHEMA_SOURCES.some((dir) => id.startsWith(dir)) || LEFT_AS_WRITTEN.has(id)) return null
      if (!/\.tsx?$/.test(id) || !code.includes('z.')) return null
      const out = lazySharedSchemas(code)
      return out === null ? null : { code: out, map: null }
    },
  }
}
